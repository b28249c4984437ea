import { stringify } from 'csv-stringify/sync';
import { basename } from 'node:path';
import { readBallotManifest } from './cvr/ballot-manifest.js';
import { detectCvrLayout } from './cvr/detect.js';
import type { CvrProblem } from './cvr/model.js';
import { openCvrFile } from './cvr/open.js';
import { BatchTally, reconcileBatches, reconcileWithManifest } from './cvr/reconcile.js';
import { fileSource } from './cvr/source.js';
import { CvrTally, type ContestTally } from './cvr/tally.js';
import { closestByName } from './cvr/pairing.js';
import { aggregatedSummary, type AggregatedSummary } from './cvr/aggregated.js';

/** What `read-cvr` found in one export. */
export interface CvrFileReport {
  file: string;
  format?: string;
  /** ES&S ballots files or Hart scanned-ballot-information files read with it. */
  companions?: string[];
  election?: { name?: string; version?: string };
  ballots: number;
  duplicates: number;
  countingGroups?: Record<string, number>;
  /** Rows of a group's counts (no ballot record), whose votes are in the tallies. */
  aggregated?: AggregatedSummary;
  contests: ContestTally[];
  problems: CvrProblem[];
}

export interface ReadCvrReport {
  files: CvrFileReport[];
  manifests: {
    file: string;
    batches: number;
    ballots: number;
    reconciliation: ReturnType<typeof reconcileBatches>;
    problems: CvrProblem[];
  }[];
}

const UNREADABLE = new Set([
  'unknown-layout',
  'malformed-header',
  'malformed-row',
  'unreadable-file',
]);

/**
 * Reads exports as a person checking them would: each file's layout, counts and tallies. ES&S
 * ballots files and Hart scanned-ballot-information files given alongside go with their CVR (the only one, or the one they are named
 * after); ballot manifests are reconciled against all the CVRs given.
 */
export async function readCvrFiles(paths: string[]): Promise<ReadCvrReport> {
  const cvrs: { key: string; ess: boolean; hart: boolean; ballots: string[] }[] = [];
  const ballotsFiles: string[] = [];
  const scanInfo: string[] = [];
  const manifests: string[] = [];
  for (const path of paths) {
    const detected = await detectCvrLayout(fileSource(path)).catch(() => undefined);
    const layout = detected && 'layout' in detected ? detected.layout : undefined;
    if (layout === 'ess-ballots') ballotsFiles.push(path);
    else if (layout === 'hart-scan-info') scanInfo.push(path);
    else if (layout === 'ballot-manifest') manifests.push(path);
    else
      cvrs.push({
        key: path,
        ess: layout === 'ess-csv' || layout === 'ess-xlsx',
        hart: layout === 'hart-xml' || layout === 'zip' || !detected,
        ballots: [],
      });
  }
  const report: ReadCvrReport = { files: [], manifests: [] };
  const ess = cvrs.filter((c) => c.ess);
  const hart = cvrs.filter((c) => c.hart);
  for (const path of [...ballotsFiles, ...scanInfo]) {
    const among = ballotsFiles.includes(path) ? ess : hart;
    const cvr = among.length === 1 ? among[0] : closestByName(basename(path), among);
    if (cvr) cvr.ballots.push(path);
    else
      report.files.push({
        file: path,
        format: ballotsFiles.includes(path) ? 'ess-ballots' : 'hart-scan-info',
        ballots: 0,
        duplicates: 0,
        contests: [],
        problems: [
          {
            code: 'unknown-layout',
            severity: 'error',
            file: basename(path),
            message: `${basename(path)} is a companion file (ES&S ballots or Hart scanned ballot information): give it with its CVR export (the only one of that vendor, or one whose name it starts with)`,
          },
        ],
      });
  }
  const batches = new BatchTally();
  for (const cvr of cvrs) report.files.push(await readOne(cvr.key, cvr.ballots, batches));
  for (const path of manifests) {
    const manifest = await readBallotManifest(fileSource(path));
    report.manifests.push({
      file: path,
      batches: manifest.batches.length,
      ballots: manifest.batches.reduce((n, b) => n + b.count, 0),
      reconciliation: reconcileBatches(batches, manifest),
      problems: [...manifest.problems, ...reconcileWithManifest(batches, manifest)],
    });
  }
  return report;
}

async function readOne(
  path: string,
  companions: string[],
  batches: BatchTally,
): Promise<CvrFileReport> {
  const opened = await openCvrFile(path, companions.length ? { companions } : {});
  if ('problem' in opened)
    return { file: path, ballots: 0, duplicates: 0, contests: [], problems: [opened.problem] };
  const { reader } = opened;
  const tally = new CvrTally(() => reader.contests);
  const groups = new Map<string, number>();
  for await (const batch of reader.batches)
    for (const ballot of batch) {
      tally.add(ballot);
      batches.add(ballot);
      if (ballot.countingGroup && !ballot.duplicateOf)
        groups.set(ballot.countingGroup, (groups.get(ballot.countingGroup) ?? 0) + 1);
    }
  const aggregates = reader.aggregates ?? [];
  for (const aggregate of aggregates) tally.addAggregate(aggregate);
  return {
    file: path,
    format: reader.format,
    ...(companions.length ? { companions } : {}),
    election: reader.election,
    ballots: tally.ballots,
    duplicates: tally.duplicates,
    ...(groups.size ? { countingGroups: Object.fromEntries(groups) } : {}),
    ...(aggregates.length ? { aggregated: aggregatedSummary(aggregates) } : {}),
    contests: tally.result(),
    problems: reader.problems,
  };
}

/** True when some part of an export could not be read (the command then exits 1). */
export function hasUnreadable(report: ReadCvrReport): boolean {
  return report.files.some((f) =>
    f.problems.some((p) => p.severity === 'error' && UNREADABLE.has(p.code)),
  );
}

export const READ_CVR_COLUMNS = [
  'file',
  'format',
  'contest_id',
  'contest',
  'vote_for',
  'ranks',
  'option_id',
  'option',
  'votes',
  'by_rank',
  'ballots_with_contest',
  'ballots_overvoted',
  'overvoted_positions',
  'undervoted_positions',
  'aggregated_votes',
  'aggregated_ballots',
  'aggregated_rows_without_ballots',
];

/** One row per option of each contest; `votes` are first choices in a ranked contest. */
export function readCvrCsv(report: ReadCvrReport): string {
  const rows = report.files.flatMap((f) =>
    f.contests.flatMap((c) =>
      c.options.map((o) => [
        f.file,
        f.format ?? '',
        c.contestId,
        c.name,
        c.voteFor,
        c.ranks,
        o.optionId,
        o.name,
        o.votes,
        (o.byRank ?? []).join(' '),
        c.ballots,
        c.ballotsOvervoted,
        c.overvotedPositions,
        c.undervotedPositions,
        c.aggregatedVotes ?? '',
        c.aggregatedBallots ?? '',
        c.aggregatedRowsWithoutBallots ?? '',
      ]),
    ),
  );
  return stringify([READ_CVR_COLUMNS, ...rows]);
}
