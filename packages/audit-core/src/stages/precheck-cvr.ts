import { readBallotManifest, type BallotManifest } from '../cvr/ballot-manifest.js';
import { zipEntries } from '../cvr/open.js';
import { BatchTally, reconcileBatches, reconcileWithManifest } from '../cvr/reconcile.js';
import { writeCsv, type StageContext } from './context.js';
import { storeSource, type CvrInputPlan } from './cvr-inputs.js';
import { jobFlag } from './job-settings.js';
import { localCopies, openCvr, PATHS } from './job.js';
import type { InputRow } from './precheck.js';

/** The JOB settings argument that lets an audit go on without the parts of a CVR it cannot read. */
export const ACCEPT_UNREADABLE = 'accept_unreadable_cvr';

/** Problems that mean part of an export was not read at all (not a fact about its ballots). */
const UNREADABLE: ReadonlySet<string> = new Set([
  'unknown-layout',
  'malformed-header',
  'malformed-row',
  'unreadable-file',
]);

export const MANIFEST_COLUMNS = [
  'manifest',
  'manifest_row',
  'county',
  'scanner',
  'batch',
  'storage_location',
  'manifest_ballots',
  'cvr_ballots',
  'difference',
];

export interface CvrCheck {
  records: number;
  /** Each part that could not be read: `file row N: message`. */
  unreadable: string[];
  accepted: boolean;
  manifestBatches: number;
  manifestDiffering: number;
  /** Rows of a group's counts (no ballot record) and the votes they hold, over all exports. */
  aggregatedRows: number;
  aggregatedVotes: number;
  /** Per counting group, the records that name it. */
  countingGroups: Record<string, number>;
}

/** What a file's rows of a group's counts amount to, in words. */
export function aggregatedText(rows: number, votes: number, ballots?: number): string {
  const stated = ballots !== undefined ? `, standing for ${ballots} ballots as labelled` : '';
  return `${rows} row(s) of aggregated counts (${votes} votes${stated}): counted in the tallies, with no ballot record to compare with an image`;
}

/**
 * Reads every CVR export of the plan (with its ES&S ballots files), counts its records, and
 * reconciles the ballot manifests against all of them batch by batch, writing
 * `precheck/manifest.csv`. Parts that cannot be read are collected for the stage to refuse.
 */
export async function checkCvrs(
  ctx: StageContext,
  plan: CvrInputPlan,
  rows: InputRow[],
  onDone: () => void,
): Promise<CvrCheck> {
  const accepted = await jobFlag(ctx.store, ACCEPT_UNREADABLE);
  const unreadable: string[] = [];
  const tally = new BatchTally();
  let records = 0;
  let aggregatedRows = 0;
  let aggregatedVotes = 0;
  const groups = new Map<string, number>();
  const rowOf = (key: string): InputRow => {
    let row = rows.find((r) => r.key === key);
    if (!row) {
      row = {
        key,
        kind: 'cvr',
        bytes: 0,
        sha256: '',
        images: '',
        records: '',
        problems: 0,
        pages: '',
      };
      rows.push(row);
    }
    return row;
  };
  for (const p of plan.problems) {
    rowOf(p.file).problems += 1;
    ctx.problem(p);
  }
  for (const { key, companions } of plan.cvrs) {
    ctx.checkCancelled();
    const row = rowOf(key);
    const opened = await openCvr(ctx.store, key, companions);
    try {
      if (!opened.reader) {
        row.problems += 1;
        const message = opened.problem ?? `${key}: not readable`;
        unreadable.push(message);
        ctx.problem({ severity: 'error', code: 'unknown-layout', file: key, message });
        continue;
      }
      let count = 0;
      for await (const batch of opened.reader.batches)
        for (const ballot of batch) {
          if ((count & 1023) === 0) ctx.checkCancelled();
          tally.add(ballot);
          count += ballot.duplicateOf ? 0 : 1;
          if (ballot.countingGroup !== undefined && !ballot.duplicateOf)
            groups.set(ballot.countingGroup, (groups.get(ballot.countingGroup) ?? 0) + 1);
        }
      const aggregates = opened.reader.aggregates ?? [];
      if (aggregates.length > 0) {
        const votes = aggregates.reduce((n, a) => n + a.votes, 0);
        const stated = aggregates.every((a) => a.ballots !== undefined)
          ? aggregates.reduce((n, a) => n + (a.ballots ?? 0), 0)
          : undefined;
        aggregatedRows += aggregates.length;
        aggregatedVotes += votes;
        ctx.problem({
          severity: 'warning',
          code: 'aggregated-rows',
          file: key,
          place: `row ${aggregates[0]?.source.row ?? ''}`,
          message: `${key}: ${aggregatedText(aggregates.length, votes, stated)}`,
        });
      }
      row.records = count;
      records += count;
      for (const p of opened.reader.problems) {
        row.problems += 1;
        const place = p.row !== undefined ? `row ${p.row}` : undefined;
        if (p.severity === 'error' && UNREADABLE.has(p.code)) unreadable.push(p.message);
        ctx.problem({ severity: p.severity, code: p.code, file: key, place, message: p.message });
      }
      const kind =
        opened.reader.format === 'hart-xml' ? 'scanned ballot information' : 'ES&S ballots';
      const paired = companions.length ? ` with ${companions.length} ${kind} file(s)` : '';
      const rowsOfCounts = aggregates.length
        ? `, ${aggregates.length} rows of aggregated counts`
        : '';
      ctx.info(`${key}: ${opened.reader.format}${paired}, ${count} records${rowsOfCounts}`);
    } finally {
      await opened.done();
    }
    onDone();
  }
  if (unreadable.length > 0 && accepted)
    ctx.problem({
      severity: 'warning',
      code: 'unreadable-accepted',
      file: PATHS.jobSettings,
      message: `${unreadable.length} unreadable part(s) of the vote records accepted by ${ACCEPT_UNREADABLE}: the audit goes on without them`,
    });
  const reconciled: Record<string, unknown>[] = [];
  let differing = 0;
  for (const key of plan.manifests) {
    const manifest = await readManifestInput(ctx, key, plan.zipped.has(key));
    const problems = [...manifest.problems, ...reconcileWithManifest(tally, manifest)];
    rowOf(key).problems += problems.length;
    for (const p of problems)
      ctx.problem({
        severity: p.severity,
        code: p.code,
        file: key,
        place: p.row !== undefined ? `row ${p.row}` : undefined,
        message: p.message,
      });
    const batches = reconcileBatches(tally, manifest);
    differing += batches.filter((b) => b.difference !== 0).length;
    for (const b of batches)
      reconciled.push({
        manifest: key,
        manifest_row: b.manifestRow ?? '',
        county: b.county,
        scanner: b.scanner,
        batch: b.batch,
        storage_location: b.location,
        manifest_ballots: b.manifestBallots ?? '',
        cvr_ballots: b.cvrBallots,
        difference: b.difference,
      });
    const listed = manifest.batches.reduce((n, b) => n + b.count, 0);
    ctx.info(
      `${key}: ballot manifest, ${manifest.batches.length} batches, ${listed} ballots; CVR ${tally.total} records; ${batches.filter((b) => b.difference !== 0).length} batches differ`,
    );
  }
  if (plan.manifests.length > 0)
    await writeCsv(ctx.store, PATHS.precheckManifest, MANIFEST_COLUMNS, reconciled);
  return {
    records,
    unreadable,
    accepted,
    manifestBatches: reconciled.length,
    manifestDiffering: differing,
    aggregatedRows,
    aggregatedVotes,
    countingGroups: Object.fromEntries(groups),
  };
}

/** Why precheck refuses: the first few unreadable parts, and how to go on without them. */
export function unreadableMessage(parts: string[]): string {
  const shown = parts.slice(0, 3).join('; ');
  const more = parts.length > 3 ? `; and ${parts.length - 3} more` : '';
  return `${parts.length} part(s) of the vote records could not be read: ${shown}${more}. Re-export them, or set ${ACCEPT_UNREADABLE} to TRUE in the JOB file to audit without them`;
}

/** A manifest input: the file itself, or the manifest files of a zip read as one. */
async function readManifestInput(
  ctx: StageContext,
  key: string,
  isZip: boolean,
): Promise<BallotManifest> {
  if (!isZip) return readBallotManifest(storeSource(ctx.store, key));
  const local = localCopies(ctx.store);
  try {
    const entries = await zipEntries(await local.pathOf(key));
    const parts = [];
    for (const entry of entries.filter((e) => e.layout === 'ballot-manifest'))
      parts.push(await readBallotManifest(entry.source));
    return {
      file: key.split('/').pop() ?? key,
      batches: parts.flatMap((p) => p.batches),
      problems: parts.flatMap((p) => p.problems),
    };
  } finally {
    await local.done();
  }
}
