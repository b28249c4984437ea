import { readCsvBatches, readHead, type CsvBatch, type CsvRow } from './csv.js';
import {
  DOMINION_FIELDS,
  parseDominionHeader,
  type DominionCsvLayout,
  type DominionField,
} from './dominion-csv-header.js';
import type { ContestVote, CvrBallot, CvrMark } from './model.js';
import { DuplicateGuard, ProblemLog, type CvrReader } from './reader.js';
import type { CvrSource } from './source.js';

/**
 * Opens a Dominion CVR_Export CSV: reads the four header rows now and streams ballots after.
 * Throws when the header is not Dominion's; bad data rows become problems, by line.
 */
export async function openDominionCsv(source: CvrSource): Promise<CvrReader> {
  const batches = readCsvBatches(source);
  const { head, rest } = await readHead(batches, 4);
  const layout = parseDominionHeader(head.map((row) => row.cells));
  if (typeof layout === 'string') {
    await batches.return(undefined);
    throw new Error(`${source.name}: not a Dominion CVR_Export: ${layout}`);
  }
  const log = new ProblemLog();
  return {
    format: 'dominion-csv',
    election: layout.election,
    contests: layout.contests,
    problems: log.problems,
    ballots: streamBallots(source.name, rest, layout, log),
  };
}

async function* streamBallots(
  file: string,
  batches: AsyncGenerator<CsvBatch>,
  layout: DominionCsvLayout,
  log: ProblemLog,
): AsyncGenerator<CvrBallot> {
  const guard = new DuplicateGuard(log);
  const plan = planRows(layout);
  for await (const rows of batches) {
    for (const row of rows) {
      const ballot = toBallot(file, row, plan, log);
      if (ballot) yield guard.check(ballot);
    }
  }
}

/** What every row is read with, worked out once from the header. */
interface RowPlan {
  width: number;
  field: Record<DominionField, number>;
  /** Choice columns by contest, in header order, each with the mark a `1` stands for. */
  contests: { id: string; voteFor: number; columns: { index: number; mark: CvrMark }[] }[];
}

function planRows(layout: DominionCsvLayout): RowPlan {
  const field = {} as Record<DominionField, number>;
  for (const name of DOMINION_FIELDS) field[name] = layout.fields.get(name) ?? -1;
  const contests: RowPlan['contests'] = [];
  for (const column of layout.columns) {
    let group = contests.find((c) => c.id === column.contest.id);
    if (!group) {
      group = { id: column.contest.id, voteFor: column.contest.voteFor, columns: [] };
      contests.push(group);
    }
    // One mark object per column, shared by every ballot marking it: a county's worth of
    // identical marks would otherwise be most of what the reader allocates.
    const mark: CvrMark = { optionId: column.optionId, rank: 1, isVote: true };
    if (column.isWriteIn) mark.isWriteIn = true;
    group.columns.push({ index: column.index, mark: Object.freeze(mark) });
  }
  return { width: (layout.columns.at(-1)?.index ?? 0) + 1, field, contests };
}

function toBallot(
  file: string,
  row: CsvRow,
  plan: RowPlan,
  log: ProblemLog,
): CvrBallot | undefined {
  const { cells, line } = row;
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
      : (imprintedId ?? cvrNumber ?? `row ${line}`);
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

/** A metadata cell's text, or undefined when it is blank or missing. */
function cellText(cells: string[], index: number): string | undefined {
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
      let cell = row.cells[column.index] ?? '';
      if (cell.length !== 1) cell = cell.trim();
      if (cell === '') continue;
      if (cell !== '0' && cell !== '1') {
        const message = `row ${row.line} column ${column.index + 1}: "${cell}" is not 0 or 1`;
        log.error('malformed-row', file, row.line, message);
        return undefined;
      }
      // Literals, not pushes onto [], so that a contest's marks take no spare capacity.
      if (cell === '0') marks ??= [];
      else if (marks === undefined || marks.length === 0) marks = [column.mark];
      else marks.push(column.mark);
    }
    if (!marks) continue;
    // Every mark is a vote here, so the counts follow from how many there are.
    const over = marks.length > contest.voteFor;
    contests.push({
      contestId: contest.id,
      marks,
      overvotes: over ? contest.voteFor : 0,
      undervotes: over ? 0 : contest.voteFor - marks.length,
    });
  }
  return contests;
}
