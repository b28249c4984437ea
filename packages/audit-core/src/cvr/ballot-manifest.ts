import { readCsvRows } from './csv.js';
import type { CvrProblem } from './model.js';
import { ProblemLog } from './reader.js';
import type { CvrSource } from './source.js';

/** One batch of paper ballots as the county's ballot manifest lists it. */
export interface ManifestBatch {
  county: string;
  /** Arlo's `Container`: the box or bin the batch is kept in, when the manifest has one. */
  container: string;
  scanner: string;
  batch: string;
  count: number;
  location: string;
  row: number;
}

export interface BallotManifest {
  file: string;
  batches: ManifestBatch[];
  problems: CvrProblem[];
}

// ColoradoRLA's headers first, then the names Arlo's manifests use for the same columns.
const COLUMNS = {
  county: ['countyid', 'county'],
  container: ['container'],
  scanner: ['scannerid', 'tabulator', 'tabulatornum', 'scanner'],
  batch: ['batchid', 'batch name', 'batch'],
  count: [
    'numballots',
    'number of ballots',
    'num ballots',
    'ballot count',
    '# of ballots',
    'total ballots',
    'ballots',
  ],
  location: ['storagelocation', 'storage location', 'location'],
} as const;

type Column = keyof typeof COLUMNS;

/**
 * Reads a ballot manifest: ColoradoRLA's `CountyID,ScannerID,BatchID,NumBallots,StorageLocation`
 * or Arlo's `[Container,]Tabulator,Batch Name,Number of Ballots`. A batch is keyed by scanner
 * and batch; the numbers `"0010"` and `10` are the same scanner.
 */
export async function readBallotManifest(source: CvrSource): Promise<BallotManifest> {
  const file = source.name;
  const log = new ProblemLog();
  const batches: ManifestBatch[] = [];
  const seen = new Map<string, number>();
  let index: Record<Column, number> | undefined;
  for await (const { line, cells } of readCsvRows(source)) {
    if (!index) {
      if (cells.every((cell) => cell.trim() === '')) continue;
      const names = cells.map((cell) => cell.trim().toLowerCase());
      const find = (column: Column): number =>
        names.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
      index = {
        county: find('county'),
        container: find('container'),
        scanner: find('scanner'),
        batch: find('batch'),
        count: find('count'),
        location: find('location'),
      };
      if (index.batch < 0 || index.count < 0) {
        log.error(
          'manifest-malformed-row',
          file,
          line,
          `${file} row ${line}: no batch column (BatchID or Batch Name) or no count column (NumBallots or Number of Ballots)`,
        );
        break;
      }
      continue;
    }
    if (cells.every((cell) => cell.trim() === '')) continue;
    const at = index;
    const get = (column: Column): string =>
      at[column] < 0 ? '' : (cells[at[column]]?.trim() ?? '');
    const batch = {
      county: get('county'),
      container: get('container'),
      scanner: get('scanner'),
      batch: get('batch'),
      count: Number(get('count')),
      location: get('location') || get('container'),
      row: line,
    };
    if (batch.batch === '' || !/^\d+$/.test(get('count'))) {
      log.error(
        'manifest-malformed-row',
        file,
        line,
        `${file} row ${line}: batch "${batch.batch}" with ${get('count') || 'no'} ballots is not a batch and a whole number`,
      );
      continue;
    }
    const key = batchKey(batch.scanner, batch.batch);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      log.error(
        'manifest-duplicate-batch',
        file,
        line,
        `${file} row ${line}: scanner ${batch.scanner} batch ${batch.batch} repeats row ${earlier}`,
      );
      continue;
    }
    seen.set(key, line);
    batches.push(batch);
  }
  return { file, batches, problems: log.problems };
}

const canonical = (value: string): string => (/^\d+$/.test(value) ? String(Number(value)) : value);

/** The key batches are matched by, in the manifest and in the CVR. */
export function batchKey(scanner: string, batch: string): string {
  return `${canonical(scanner.trim())}\u0000${canonical(batch.trim())}`;
}
