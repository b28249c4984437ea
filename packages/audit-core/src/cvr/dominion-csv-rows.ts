import type { CsvRow } from './csv.js';
import {
  DOMINION_FIELDS,
  type DominionCsvLayout,
  type DominionField,
} from './dominion-csv-header.js';
import { deriveCounts } from './counts.js';
import { aggregateRow } from './dominion-csv-aggregate.js';
import type { ContestVote, CvrAggregate, CvrBallot, CvrMark } from './model.js';
import type { ProblemLog } from './reader.js';

/** What every row is read with, worked out once from the header. */
export interface RowPlan {
  width: number;
  field: Record<DominionField, number>;
  /** Choice columns by contest, in header order, each with the mark a `1` stands for. */
  contests: {
    id: string;
    voteFor: number;
    /** Ranks of a ranked contest; 0 when not ranked. */
    ranks: number;
    columns: { index: number; mark: CvrMark }[];
  }[];
}

export function planRows(layout: DominionCsvLayout): RowPlan {
  const field = {} as Record<DominionField, number>;
  for (const name of DOMINION_FIELDS) field[name] = layout.fields.get(name) ?? -1;
  const contests: RowPlan['contests'] = [];
  for (const column of layout.columns) {
    let group = contests.find((c) => c.id === column.contest.id);
    if (!group) {
      const { id, voteFor, ranks } = column.contest;
      group = { id, voteFor, ranks, columns: [] };
      contests.push(group);
    }
    // One mark object per column, shared by every ballot marking it: a county's worth of
    // identical marks would otherwise be most of what the reader allocates.
    const mark: CvrMark = { optionId: column.optionId, rank: column.rank, isVote: true };
    if (column.isWriteIn) mark.isWriteIn = true;
    group.columns.push({ index: column.index, mark: Object.freeze(mark) });
  }
  return { width: (layout.columns.at(-1)?.index ?? 0) + 1, field, contests };
}

/**
 * The ballot of a data row; undefined for a malformed row (a problem logged) and for a row of a
 * group's counts, which goes to `aggregates` instead.
 */
export function toBallot(
  file: string,
  row: CsvRow,
  plan: RowPlan,
  log: ProblemLog,
  aggregates: CvrAggregate[],
): CvrBallot | undefined {
  const { cells, line } = row;
  if (!startsWithDigit(cells[plan.field.cvrnumber])) {
    const group = aggregateRow(file, cells, line, plan, log);
    if (group === 'malformed') return undefined;
    if (group) {
      aggregates.push(group);
      return undefined;
    }
  }
  if (cells.length < plan.width) {
    const message = `row ${line}: ${cells.length} cells, the header has ${plan.width}`;
    log.error('malformed-row', file, line, message);
    return undefined;
  }
  const contests = readContests(file, row, plan, log);
  if (!contests) return undefined;
  const at = plan.field;
  const tabulator = cellText(cells, at.tabulatornum);
  const batch = cellText(cells, at.batchid);
  const record = cellText(cells, at.recordid);
  const imprintedId = cellText(cells, at.imprintedid);
  const cvrNumber = cellText(cells, at.cvrnumber);
  const id =
    tabulator && batch && record
      ? `${tabulator}-${batch}-${record}`
      : unsplitId(imprintedId, cvrNumber, line);
  return {
    id,
    source: { file, row: line },
    cvrNumber,
    tabulator,
    batch,
    record,
    imprintedId,
    countingGroup: cellText(cells, at.countinggroup),
    precinctPortion: cellText(cells, at.precinctportion),
    style: cellText(cells, at.ballottype),
    contests,
  };
}

/**
 * The id of a row without tabulator, batch and record: its imprinted id, else its CVR number,
 * else its row. Counties that publish their CVRs write `Redacted` (or `RCV Redacted & Randomly
 * Sorted`) in the CVR number of every ballot they redact: such rows are told apart by row, not
 * reported as repeats of one another.
 */
export function unsplitId(
  imprintedId: string | undefined,
  cvrNumber: string | undefined,
  line: number,
): string {
  if (imprintedId !== undefined) return imprintedId;
  if (cvrNumber !== undefined && !/redacted/i.test(cvrNumber)) return cvrNumber;
  return `row ${line}`;
}

/** Plain CVR numbers start with a digit; anything else may label a row of counts. */
function startsWithDigit(cell: string | undefined): boolean {
  const code = cell?.charCodeAt(0) ?? 0;
  return code >= 48 && code <= 57;
}

/** A metadata cell's text, or undefined when it is blank or missing. */
export function cellText(cells: string[], index: number): string | undefined {
  const value = cells[index]?.trim();
  return value === '' ? undefined : value;
}

/** The contests a row has cells for (a blank cell: not on this card), or undefined if malformed. */
function readContests(
  file: string,
  row: CsvRow,
  plan: RowPlan,
  log: ProblemLog,
): ContestVote[] | undefined {
  const contests: ContestVote[] = [];
  for (const contest of plan.contests) {
    let marks: CvrMark[] | undefined;
    for (const column of contest.columns) {
      const value = choiceValue(file, row.cells[column.index] ?? '', row.line, column.index, log);
      if (value === BLANK) continue;
      if (value === undefined) return undefined;
      // Literals, not pushes onto [], so that a contest's marks take no spare capacity.
      if (value === 0) marks ??= [];
      else if (marks === undefined || marks.length === 0) marks = [column.mark];
      else marks.push(column.mark);
    }
    if (marks) contests.push(contestVote(contest, marks));
  }
  return contests;
}

/** A choice cell left blank: the contest is not on this card. */
export const BLANK = 2;

/** A choice cell's `0` or `1`, BLANK, or undefined when it is neither (a problem logged). */
export function choiceValue(
  file: string,
  text: string,
  line: number,
  index: number,
  log: ProblemLog,
): 0 | 1 | typeof BLANK | undefined {
  const cell = text.length === 1 ? text : text.trim();
  if (cell === '') return BLANK;
  if (cell === '0') return 0;
  if (cell === '1') return 1;
  log.error(
    'malformed-row',
    file,
    line,
    `row ${line} column ${index + 1}: "${cell}" is not 0 or 1`,
  );
  return undefined;
}

/**
 * A contest's marks as a vote: every mark is a vote here, so the counts follow from how many
 * (for a ranked contest, ranks marked twice and ranks left blank).
 */
export function contestVote(contest: RowPlan['contests'][number], marks: CvrMark[]): ContestVote {
  if (contest.ranks > 0)
    return { contestId: contest.id, marks, ...deriveCounts(marks, contest.voteFor, contest.ranks) };
  const over = marks.length > contest.voteFor;
  return {
    contestId: contest.id,
    marks,
    overvotes: over ? contest.voteFor : 0,
    undervotes: over ? 0 : contest.voteFor - marks.length,
  };
}
