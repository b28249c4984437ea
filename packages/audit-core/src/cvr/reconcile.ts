import { batchKey, type BallotManifest } from './ballot-manifest.js';
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
    const key = batchKey(tabulator, batch);
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

/** One manifest batch (or one CVR batch the manifest lacks) with both counts. */
export interface BatchReconciliation {
  manifestRow?: number;
  county: string;
  scanner: string;
  batch: string;
  location: string;
  manifestBallots?: number;
  cvrBallots: number;
  /** CVR records minus manifest ballots; a batch missing on one side counts as 0 there. */
  difference: number;
}

/**
 * Puts the manifest's batches beside the CVR's: per batch both counts and the difference, in
 * manifest order, then the CVR's batches the manifest does not list. A manifest without a
 * scanner column is matched by batch alone.
 */
export function reconcileBatches(
  tally: BatchTally,
  manifest: BallotManifest,
): BatchReconciliation[] {
  const byBatchOnly = manifest.batches.every((row) => row.scanner === '');
  const counted = new Map<string, { tabulator: string; batch: string; count: number }>();
  for (const entry of tally.batches.values()) {
    const key = byBatchOnly ? batchKey('', entry.batch) : batchKey(entry.tabulator, entry.batch);
    const known = counted.get(key);
    if (known) known.count += entry.count;
    else counted.set(key, { tabulator: entry.tabulator, batch: entry.batch, count: entry.count });
  }
  const rows: BatchReconciliation[] = [];
  for (const row of manifest.batches) {
    const key = batchKey(row.scanner, row.batch);
    const cvr = counted.get(key)?.count ?? 0;
    counted.delete(key);
    rows.push({
      manifestRow: row.row,
      county: row.county,
      scanner: row.scanner,
      batch: row.batch,
      location: row.location,
      manifestBallots: row.count,
      cvrBallots: cvr,
      difference: cvr - row.count,
    });
  }
  for (const rest of counted.values())
    rows.push({
      county: '',
      scanner: rest.tabulator,
      batch: rest.batch,
      location: '',
      cvrBallots: rest.count,
      difference: rest.count,
    });
  return rows;
}

/** Compares the CVR's batches with the manifest's: missing batches and count mismatches. */
export function reconcileWithManifest(tally: BatchTally, manifest: BallotManifest): CvrProblem[] {
  const log = new ProblemLog();
  const file = manifest.file;
  for (const row of reconcileBatches(tally, manifest)) {
    const name = label(row.scanner, row.batch);
    if (row.manifestBallots === undefined) {
      const message = `${name} (${row.cvrBallots} CVR records) is not in ${file}`;
      log.error('batch-not-in-manifest', file, undefined, message);
      continue;
    }
    const where = `${file} row ${row.manifestRow}: ${name}`;
    if (row.cvrBallots === 0) {
      const message = `${where} (${row.manifestBallots} ballots) has no CVR records`;
      log.error('batch-not-in-cvr', file, row.manifestRow, message);
    } else if (row.difference !== 0) {
      const message = `${where}: manifest ${row.manifestBallots} ballots, CVR ${row.cvrBallots}`;
      log.error('batch-count-mismatch', file, row.manifestRow, message);
    }
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
