import type { CvrAggregate } from './model.js';
import { describeLocation } from './reader.js';

/** An export's rows of a group's counts, as the report and `read-cvr` show them. */
export interface AggregatedSummary {
  rows: number;
  votes: number;
  /** Ballots the rows stand for, when every row's label says. */
  ballots?: number;
  /** Per row: where, its label, counting group and style, and its votes. */
  list: {
    place: string;
    label: string;
    countingGroup?: string;
    style?: string;
    votes: number;
    ballots?: number;
  }[];
}

export function aggregatedSummary(aggregates: CvrAggregate[]): AggregatedSummary {
  const summary: AggregatedSummary = {
    rows: aggregates.length,
    votes: aggregates.reduce((n, a) => n + a.votes, 0),
    list: aggregates.map((a) => ({
      place: a.source.row !== undefined ? `row ${a.source.row}` : describeLocation(a.source),
      label: a.label,
      ...(a.countingGroup !== undefined ? { countingGroup: a.countingGroup } : {}),
      ...(a.style !== undefined ? { style: a.style } : {}),
      votes: a.votes,
      ...(a.ballots !== undefined ? { ballots: a.ballots } : {}),
    })),
  };
  if (aggregates.every((a) => a.ballots !== undefined))
    summary.ballots = aggregates.reduce((n, a) => n + (a.ballots ?? 0), 0);
  return summary;
}
