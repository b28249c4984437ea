import { deriveCounts } from './counts.js';
import { readCsvRows, type CsvRow } from './csv.js';
import {
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
  const rows = readCsvRows(source);
  const header: string[][] = [];
  while (header.length < 4) {
    const next = await rows.next();
    if (next.done) break;
    header.push(next.value.cells);
  }
  const layout = parseDominionHeader(header);
  if (typeof layout === 'string') {
    await rows.return(undefined);
    throw new Error(`${source.name}: not a Dominion CVR_Export: ${layout}`);
  }
  const log = new ProblemLog();
  return {
    format: 'dominion-csv',
    election: layout.election,
    contests: layout.contests,
    problems: log.problems,
    ballots: streamBallots(source.name, rows, layout, log),
  };
}

async function* streamBallots(
  file: string,
  rows: AsyncGenerator<CsvRow>,
  layout: DominionCsvLayout,
  log: ProblemLog,
): AsyncGenerator<CvrBallot> {
  const guard = new DuplicateGuard(log);
  for await (const row of rows) {
    const ballot = toBallot(file, row, layout, log);
    if (ballot) yield guard.check(ballot);
  }
}

function toBallot(
  file: string,
  row: CsvRow,
  layout: DominionCsvLayout,
  log: ProblemLog,
): CvrBallot | undefined {
  const { cells, line } = row;
  const lastColumn = layout.columns.at(-1)?.index ?? 0;
  if (cells.length <= lastColumn) {
    const message = `row ${line}: ${cells.length} cells, the header has ${lastColumn + 1}`;
    log.error('malformed-row', file, line, message);
    return undefined;
  }
  const contests = readContests(file, row, layout, log);
  if (!contests) return undefined;
  const field = (name: DominionField): string | undefined => {
    const index = layout.fields.get(name);
    const value = index === undefined ? undefined : cells[index]?.trim();
    return value === '' ? undefined : value;
  };
  const tabulator = field('tabulatornum');
  const batch = field('batchid');
  const record = field('recordid');
  const imprintedId = field('imprintedid');
  const cvrNumber = field('cvrnumber');
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
    countingGroup: field('countinggroup'),
    precinctPortion: field('precinctportion'),
    style: field('ballottype'),
    contests,
  };
}

function readContests(
  file: string,
  row: CsvRow,
  layout: DominionCsvLayout,
  log: ProblemLog,
): ContestVote[] | undefined {
  const byContest = new Map<string, { marks: CvrMark[]; voteFor: number }>();
  for (const column of layout.columns) {
    const cell = row.cells[column.index]?.trim() ?? '';
    if (cell === '') continue;
    if (cell !== '0' && cell !== '1') {
      const message = `row ${row.line} column ${column.index + 1}: "${cell}" is not 0 or 1`;
      log.error('malformed-row', file, row.line, message);
      return undefined;
    }
    let entry = byContest.get(column.contest.id);
    if (!entry) {
      entry = { marks: [], voteFor: column.contest.voteFor };
      byContest.set(column.contest.id, entry);
    }
    if (cell === '1') {
      const writeIn = column.isWriteIn ? { isWriteIn: true } : {};
      entry.marks.push({ optionId: column.optionId, rank: 1, isVote: true, ...writeIn });
    }
  }
  return [...byContest].map(([contestId, { marks, voteFor }]) => ({
    contestId,
    marks,
    ...deriveCounts(marks, voteFor),
  }));
}
