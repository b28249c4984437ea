import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCvrFile } from '../cvr/open.js';
import type { CvrReader } from '../cvr/reader.js';
import { FolderStore, readJson, type JobStore } from '../storage/index.js';

/** Where a job's inputs and each stage's outputs live; docs/audit-stages.md describes them. */
export const PATHS = {
  images: 'input/images/',
  cvr: 'input/cvr/',
  /** Ballot manifests; one dropped among the CVR files is recognised by its columns too. */
  manifests: 'input/manifest/',
  /** The JOB settings file (`group,argument,value`), when the job has one. */
  jobSettings: 'input/job.csv',
  election: 'input/election.json',
  official: 'input/official.csv',
  mappingCorrections: 'input/target-mapping.csv',
  /** Target maps people drew, one JSON per template (`<style>.json`); extractvote reads them. */
  targetMaps: 'input/target-maps/',
  precheckInputs: 'precheck/inputs.csv',
  precheckSummary: 'precheck/summary.json',
  precheckManifest: 'precheck/manifest.csv',
  bif: 'gen_bif/bif.csv',
  residue: 'gen_bif/residue.csv',
  cvrBallots: 'gen_bif/cvr-ballots.jsonl',
  cvrContests: 'gen_bif/contests.json',
  /** Per CVR file, each contest's tallies as the export reports them, and counting groups. */
  cvrTallies: 'gen_bif/cvr-tallies.json',
  styles: 'genstyles/styles.csv',
  exemplars: 'genstyles/exemplars.csv',
  templates: 'gentemplates/',
  mapping: 'gentemplates/target-mapping.csv',
  styleBatches: 'gentemplates/batches.csv',
  votesTargets: 'extractvote/targets.csv',
  votesContests: 'extractvote/contests.csv',
  votesSheets: 'extractvote/sheets.csv',
  sheets: 'cmpcvr/sheets.csv',
  contestClasses: 'cmpcvr/contests.csv',
  disagreements: 'cmpcvr/disagreements.csv',
  totals: 'cmpcvr/totals.csv',
  contestSummary: 'cmpcvr/summary.csv',
  /** Contests and options with their names (election file, else the records), for screens. */
  contestNames: 'cmpcvr/contest-names.json',
  /** Written by the server's adjudicate stage: one row per disagreement with its decision. */
  adjudications: 'adjudicate/adjudications.csv',
  /** Written by the server before genreport: job, election and who ran it (report-front.ts). */
  reportContext: 'genreport/context.json',
  /** Written by the server before genreport: the job's risk-limiting audit (report-rla.ts). */
  reportRla: 'genreport/rla.json',
  reportHtml: 'genreport/report.html',
  /** SHA-256 of the report's own files, which cannot carry their own. */
  reportHashes: 'genreport/sha256.txt',
  reportCsv: 'genreport/report.csv',
  reportPdf: 'genreport/report.pdf',
  exportZip: 'export/audit-export.zip',
  archiveZip: 'archive/job-archive.zip',
  archiveInventory: 'archive/inventory.csv',
} as const;

/** The election information file (EIF): contests with options and the contests of each style. */
export interface ElectionInfo {
  name?: string;
  contests: {
    id: string;
    name: string;
    voteFor: number;
    options: { id: string; name: string; isWriteIn?: boolean }[];
  }[];
  /**
   * `code`: the number the style's printed barcode carries (Hart-like sheets); without it, the
   * style's place in this list, from 1. `card`: the card code its sheets print in words at their
   * foot (`Card 2 RptPct 10`), read by text recognition.
   */
  styles?: { id: string; contestIds: string[]; code?: number; card?: string }[];
  /** The printed voting target, when the election file says: shape and size in inches. */
  target?: { shape?: 'oval' | 'box' | 'arrow'; width?: number; height?: number };
}

export async function listKeys(store: JobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

export async function imageArchives(store: JobStore): Promise<string[]> {
  return (await listKeys(store, PATHS.images)).filter((k) => k.toLowerCase().endsWith('.zip'));
}

/**
 * The CVR inputs: each file directly in `input/cvr/`, and each folder there as one input
 * (a Dominion JSON export unpacked). ES&S companion ballots files go with their CVR.
 */
export async function cvrInputs(store: JobStore): Promise<string[]> {
  const inputs = new Set<string>();
  for (const key of await listKeys(store, PATHS.cvr)) {
    const rest = key.slice(PATHS.cvr.length);
    const slash = rest.indexOf('/');
    inputs.add(slash < 0 ? key : PATHS.cvr + rest.slice(0, slash));
  }
  return [...inputs];
}

/**
 * Opens a CVR input through the store: its local file, or a temporary copy. `companions` are
 * the companion files paired with it (see `planCvrInputs`), or the Hart scanned-ballot-information files.
 */
export async function openCvr(
  store: JobStore,
  key: string,
  companions: string[] = [],
): Promise<{ reader?: CvrReader; problem?: string; done: () => Promise<void> }> {
  const local = localCopies(store);
  const path = await local.pathOf(key);
  const paths = [];
  for (const k of companions) paths.push(await local.pathOf(k));
  const opened = await openCvrFile(path, paths.length ? { companions: paths } : {});
  if ('problem' in opened) return { problem: opened.problem.message, done: local.done };
  return { reader: opened.reader, done: local.done };
}

/** Local files for job inputs: the store's own where it has them, else temporary copies. */
export function localCopies(store: JobStore): {
  pathOf: (key: string) => Promise<string>;
  done: () => Promise<void>;
} {
  let folder: string | undefined;
  return {
    async pathOf(k: string): Promise<string> {
      const direct = store.localPath?.(k);
      if (direct) return direct;
      folder ??= await mkdtemp(join(tmpdir(), 'scrutineer-cvr-'));
      const name = k.slice(PATHS.cvr.length).replaceAll('/', '_') || 'cvr';
      const local = new FolderStore(folder);
      if (await store.exists(k)) await local.write(name, await store.read(k));
      else
        for await (const object of store.list(`${k}/`))
          await local.write(
            `${name}/${object.key.slice(k.length + 1)}`,
            await store.read(object.key),
          );
      return join(folder, name);
    },
    async done(): Promise<void> {
      if (folder) await rm(folder, { recursive: true, force: true });
    },
  };
}

export async function electionInfo(store: JobStore): Promise<ElectionInfo | undefined> {
  if (!(await store.exists(PATHS.election))) return undefined;
  return readJson<ElectionInfo>(store, PATHS.election);
}
