import type { BallotManifest } from './ballot-manifest.js';
import type { CvrBallot, CvrProblem } from './model.js';
import { ProblemLog } from './reader.js';

interface BatchCount {
  tabulator: string;
  batch: string;
  count: number;
  records: number[];
}

/**
 * Counts ballots per tabulator and batch while they stream past, keeping only record numbers,
 * so that a county's export can be checked against its manifest without holding the ballots.
 */
export class BatchTally {
  readonly batches = new Map<string, BatchCount>();
  total = 0;

  add(ballot: CvrBallot): void {
    if (ballot.duplicateOf) return;
    const tabulator = ballot.tabulator ?? '';
    const batch = ballot.batch ?? '';
    const key = `${tabulator}\u0000${batch}`;
    let entry = this.batches.get(key);
    if (!entry) {
      entry = { tabulator, batch, count: 0, records: [] };
      this.batches.set(key, entry);
    }
    entry.count += 1;
    this.total += 1;
    const record = Number(ballot.record ?? ballot.cvrNumber);
    if (Number.isInteger(record)) entry.records.push(record);
  }
}

const label = (tabulator: string, batch: string): string =>
  tabulator ? `tabulator ${tabulator} batch ${batch}` : `batch ${batch}`;

/** Compares the CVR's batches with the manifest's: missing batches and count mismatches. */
export function reconcileWithManifest(tally: BatchTally, manifest: BallotManifest): CvrProblem[] {
  const log = new ProblemLog();
  const file = manifest.file;
  const unmatched = new Set(tally.batches.keys());
  for (const row of manifest.batches) {
    const key = `${row.scanner}\u0000${row.batch}`;
    const counted = tally.batches.get(key);
    const where = `${file} row ${row.row}: ${label(row.scanner, row.batch)}`;
    if (!counted) {
      log.error(
        'batch-not-in-cvr',
        file,
        row.row,
        `${where} (${row.count} ballots) has no CVR records`,
      );
      continue;
    }
    unmatched.delete(key);
    if (counted.count !== row.count) {
      log.error(
        'batch-count-mismatch',
        file,
        row.row,
        `${where}: manifest ${row.count} ballots, CVR ${counted.count}`,
      );
    }
  }
  for (const key of unmatched) {
    const counted = tally.batches.get(key);
    if (!counted) continue;
    const message = `${label(counted.tabulator, counted.batch)} (${counted.count} CVR records) is not in ${file}`;
    log.error('batch-not-in-manifest', file, undefined, message);
  }
  return log.problems;
}

/** Record numbers missing inside each batch's range, as warnings (samples skip records too). */
export function findRecordGaps(tally: BatchTally, file: string): CvrProblem[] {
  const log = new ProblemLog();
  for (const { tabulator, batch, records } of tally.batches.values()) {
    const sorted = [...records].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i += 1) {
      const before = sorted[i - 1] ?? 0;
      const after = sorted[i] ?? 0;
      if (after - before <= 1) continue;
      const range = after - before === 2 ? `${before + 1}` : `${before + 1}–${after - 1}`;
      const where = batch || tabulator ? `${label(tabulator, batch)}: ` : '';
      log.warn(
        'record-gap',
        file,
        undefined,
        `${where}record ${range} missing between ${before} and ${after}`,
      );
    }
  }
  return log.problems;
}
