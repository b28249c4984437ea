import { cellText, type RowPlan } from './dominion-csv-rows.js';
import type { CvrAggregate } from './model.js';
import type { ProblemLog } from './reader.js';

/** Labels of rows that hold a group's counts (`Redacted & Aggregated`, `… Consolidated 10 Ballots`). */
const GROUP_LABEL = /aggregat|consolidat/i;
const REDACTED = /redacted/i;
/** `RCV Redacted & Randomly Sorted` rows are single ballots with their ids taken off. */
const ONE_BALLOT = /randomly\s+sorted/i;
const COUNT = /^\d+$/;
const STATED_BALLOTS = /(\d+)\s*(?:ballots?|cards?)\b/i;

/** Whether a CVR number cell's text may label a group's row (redacted, aggregated, …). */
export function mayLabelGroup(label: string | undefined): label is string {
  return label !== undefined && (REDACTED.test(label) || GROUP_LABEL.test(label));
}

/**
 * Reads a data row as a group's counts when it is one: labelled aggregated or consolidated in
 * its CVR number, or labelled redacted with a count above 1 in a choice cell. Undefined when the
 * row is a ballot; 'malformed' (a problem logged) when a count cannot be read.
 */
export function aggregateRow(
  file: string,
  cells: string[],
  line: number,
  plan: RowPlan,
  log: ProblemLog,
): CvrAggregate | 'malformed' | undefined {
  const at = plan.field;
  const label = cellText(cells, at.cvrnumber);
  if (!mayLabelGroup(label) || ONE_BALLOT.test(label)) return undefined;
  if (!GROUP_LABEL.test(label) && !holdsCount(cells, plan)) return undefined;
  if (cells.length < plan.width) {
    const message = `row ${line}: ${cells.length} cells, the header has ${plan.width}`;
    log.error('malformed-row', file, line, message);
    return 'malformed';
  }
  const contests: CvrAggregate['contests'] = [];
  let votes = 0;
  for (const contest of plan.contests) {
    const options: CvrAggregate['contests'][number]['options'] = [];
    for (const column of contest.columns) {
      const text = cells[column.index]?.trim() ?? '';
      if (text === '') continue;
      if (!COUNT.test(text)) {
        const message = `row ${line} column ${column.index + 1}: "${text}" is not a count of votes (the row is labelled "${label}")`;
        log.error('malformed-row', file, line, message);
        return 'malformed';
      }
      const count = Number(text);
      const { optionId, rank } = column.mark;
      options.push(
        contest.ranks > 0 ? { optionId, votes: count, rank } : { optionId, votes: count },
      );
      votes += count;
    }
    if (options.length > 0) contests.push({ contestId: contest.id, options });
  }
  const stated = STATED_BALLOTS.exec(label)?.[1];
  const aggregate: CvrAggregate = { source: { file, row: line }, label, contests, votes };
  if (stated !== undefined) aggregate.ballots = Number(stated);
  const countingGroup = cellText(cells, at.countinggroup);
  const precinctPortion = cellText(cells, at.precinctportion);
  const style = cellText(cells, at.ballottype);
  if (countingGroup !== undefined) aggregate.countingGroup = countingGroup;
  if (precinctPortion !== undefined) aggregate.precinctPortion = precinctPortion;
  if (style !== undefined) aggregate.style = style;
  return aggregate;
}

/** A choice cell holding a whole number above 1: a count, which no single ballot writes. */
function holdsCount(cells: string[], plan: RowPlan): boolean {
  return plan.contests.some((contest) =>
    contest.columns.some((column) => {
      const text = cells[column.index]?.trim() ?? '';
      return COUNT.test(text) && Number(text) > 1;
    }),
  );
}
