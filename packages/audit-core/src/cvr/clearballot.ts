import { parseClearBallotHeader, type ClearBallotColumn } from './clearballot-header.js';
import { deriveCounts } from './counts.js';
import { readCsvBatches, readHead, type CsvBatch } from './csv.js';
import type { ContestVote, CvrBallot } from './model.js';
import { DuplicateGuard, fromBatches, ProblemLog, type CvrReader } from './reader.js';
import type { CvrSource } from './source.js';

/** Opens a Clear Ballot ClearVote CVR CSV (one `Choice_…` column per option and rank). */
export async function openClearBallotCsv(source: CvrSource): Promise<CvrReader> {
  const batches = readCsvBatches(source);
  const { head, rest } = await readHead(batches, 1);
  const layout = parseClearBallotHeader(head[0]?.cells ?? []);
  if (typeof layout === 'string') {
    await batches.return(undefined);
    throw new Error(`${source.name}: not a Clear Ballot CVR: ${layout}`);
  }
  const log = new ProblemLog();
  return {
    format: 'clearballot-csv',
    election: {},
    contests: layout.book.contests,
    problems: log.problems,
    ...fromBatches(streamBatches(source.name, rest, layout.columns, layout.fields, log)),
  };
}

async function* streamBatches(
  file: string,
  batches: AsyncGenerator<CsvBatch>,
  columns: ClearBallotColumn[],
  fields: Map<string, number>,
  log: ProblemLog,
): AsyncGenerator<CvrBallot[]> {
  const guard = new DuplicateGuard(log);
  const width = Math.max(...columns.map((c) => c.index), ...fields.values()) + 1;
  for await (const rows of batches) {
    const out: CvrBallot[] = [];
    for (const { line, cells } of rows) {
      if (cells.length < width) {
        log.error(
          'malformed-row',
          file,
          line,
          `row ${line}: ${cells.length} cells, the header has ${width}`,
        );
        continue;
      }
      const field = (name: string): string | undefined => {
        const value = cells[fields.get(name) ?? -1]?.trim() ?? '';
        return value === '' ? undefined : value;
      };
      const contests = readContests(columns, cells);
      if (typeof contests === 'string') {
        log.error('malformed-row', file, line, `row ${line}: ${contests}`);
        continue;
      }
      const ballotId = field('BallotID');
      out.push(
        guard.check({
          id: ballotId ?? `row ${line}`,
          source: { file, row: line },
          ...(ballotId ? { imprintedId: ballotId } : {}),
          tabulator: field('ScanComputerName'),
          batch: field('BoxID'),
          record: field('BoxPosition'),
          precinct: field('PrecinctID'),
          precinctPortion: field('PrecinctStyleName'),
          style: field('BallotStyleID'),
          contests,
        }),
      );
    }
    if (out.length > 0) yield out;
  }
}

function readContests(columns: ClearBallotColumn[], cells: string[]): ContestVote[] | string {
  const votes = new Map<string, ContestVote>();
  for (const column of columns) {
    const cell = cells[column.index]?.trim() ?? '';
    if (cell === '') continue;
    if (cell !== '0' && cell !== '1') return `column ${column.index + 1}: "${cell}" is not 0 or 1`;
    let vote = votes.get(column.contest.id);
    if (!vote) {
      vote = { contestId: column.contest.id, marks: [], overvotes: 0, undervotes: 0 };
      votes.set(column.contest.id, vote);
    }
    if (cell === '1')
      vote.marks.push({ optionId: column.optionId, rank: column.rank, isVote: true });
  }
  const contests = new Map(columns.map((c) => [c.contest.id, c.contest]));
  return [...votes.values()].map((vote) => {
    const contest = contests.get(vote.contestId);
    return { ...vote, ...deriveCounts(vote.marks, contest?.voteFor ?? 1, contest?.ranks ?? 0) };
  });
}
