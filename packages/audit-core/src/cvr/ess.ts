import { inBatches, readCsvBatches, readHead, type CsvBatch } from './csv.js';
import { readEssBallots, type EssBallotEntry } from './ess-ballots.js';
import { essRowToBallot, parseEssHeader, type EssLayout } from './ess-layout.js';
import type { CvrBallot } from './model.js';
import { DuplicateGuard, fromBatches, ProblemLog, type CvrReader } from './reader.js';
import type { CvrSource } from './source.js';
import { readXlsxRows } from './xlsx.js';

export interface EssOptions {
  /** The companion "ballots" files that give each CVR its batch and tabulator. */
  ballots?: CvrSource[];
}

/** Opens an ES&S cast vote record exported as CSV. */
export function openEssCsv(source: CvrSource, options: EssOptions = {}): Promise<CvrReader> {
  return openEssRows(source, readCsvBatches(source), 'ess-csv', options);
}

/** Opens an ES&S cast vote record exported as an Excel workbook (first sheet). */
export function openEssXlsx(source: CvrSource, options: EssOptions = {}): Promise<CvrReader> {
  return openEssRows(source, inBatches(readXlsxRows(source)), 'ess-xlsx', options);
}

async function openEssRows(
  source: CvrSource,
  batches: AsyncGenerator<CsvBatch>,
  format: 'ess-csv' | 'ess-xlsx',
  options: EssOptions,
): Promise<CvrReader> {
  const { head, rest } = await readHead(batches, 1);
  const layout = parseEssHeader(head[0]?.cells ?? []);
  if (typeof layout === 'string') {
    await batches.return(undefined);
    throw new Error(`${source.name}: not an ES&S CVR: ${layout}`);
  }
  const log = new ProblemLog();
  const entries = options.ballots ? await readEssBallots(options.ballots, log) : undefined;
  return {
    format,
    election: {},
    contests: layout.book.contests,
    problems: log.problems,
    ...fromBatches(streamBatches(source.name, rest, layout, entries, log)),
  };
}

async function* streamBatches(
  file: string,
  batches: AsyncGenerator<CsvBatch>,
  layout: EssLayout,
  entries: Map<string, EssBallotEntry> | undefined,
  log: ProblemLog,
): AsyncGenerator<CvrBallot[]> {
  const guard = new DuplicateGuard(log);
  const matched = new Set<string>();
  for await (const rows of batches) {
    const out: CvrBallot[] = [];
    for (const { line, cells } of rows) {
      if (cells.every((cell) => cell.trim() === '')) continue;
      const ballot = essRowToBallot(file, line, cells, layout);
      if (!ballot.cvrNumber || !/^\d+$/.test(ballot.cvrNumber)) {
        log.error(
          'malformed-row',
          file,
          line,
          `row ${line}: "${ballot.cvrNumber ?? ''}" is not a CVR number`,
        );
        continue;
      }
      const entry = entries?.get(ballot.cvrNumber);
      if (entries && !entry) {
        const message = `row ${line}: CVR ${ballot.cvrNumber} is in no ballots file`;
        log.error('missing-ballot-entry', file, line, message);
      }
      if (entry) matched.add(entry.cvrNumber);
      out.push(guard.check(entry ? withEntry(ballot, entry) : ballot));
    }
    if (out.length > 0) yield out;
  }
  for (const entry of entries?.values() ?? []) {
    if (matched.has(entry.cvrNumber)) continue;
    const message = `${entry.file} row ${entry.line}: CVR ${entry.cvrNumber} has no record in ${file}`;
    log.error('missing-record', entry.file, entry.line, message);
  }
}

function withEntry(ballot: CvrBallot, entry: EssBallotEntry): CvrBallot {
  return {
    ...ballot,
    tabulator: entry.tabulator,
    batch: entry.batch,
    record: entry.record,
    precinct: ballot.precinct ?? (entry.precinct || undefined),
  };
}
