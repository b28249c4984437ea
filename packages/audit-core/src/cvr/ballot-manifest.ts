import { readCsvRows } from './csv.js';
import type { CvrProblem } from './model.js';
import { ProblemLog } from './reader.js';
import type { CvrSource } from './source.js';

/** One batch of paper ballots as the county's ballot manifest lists it. */
export interface ManifestBatch {
  county: string;
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
  county: ['countyid', 'container'],
  scanner: ['scannerid', 'tabulator'],
  batch: ['batchid', 'batch name'],
  count: ['numballots', 'number of ballots'],
  location: ['storagelocation'],
} as const;

type Column = keyof typeof COLUMNS;

/** Reads a ballot manifest (`CountyID,ScannerID,BatchID,NumBallots,StorageLocation`). */
export async function readBallotManifest(source: CvrSource): Promise<BallotManifest> {
  const file = source.name;
  const log = new ProblemLog();
  const batches: ManifestBatch[] = [];
  const seen = new Map<string, number>();
  let index: Record<Column, number> | undefined;
  for await (const { line, cells } of readCsvRows(source)) {
    if (!index) {
      const names = cells.map((cell) => cell.trim().toLowerCase());
      const find = (column: Column): number =>
        names.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
      index = {
        county: find('county'),
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
          `${file} row ${line}: no BatchID or NumBallots column`,
        );
        break;
      }
      continue;
    }
    const at = index;
    const get = (column: Column): string =>
      at[column] < 0 ? '' : (cells[at[column]]?.trim() ?? '');
    const batch = {
      county: get('county'),
      scanner: get('scanner'),
      batch: get('batch'),
      count: Number(get('count')),
      location: get('location'),
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
    const key = `${batch.scanner}\u0000${batch.batch}`;
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
