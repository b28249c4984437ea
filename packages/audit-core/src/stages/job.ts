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
  election: 'input/election.json',
  official: 'input/official.csv',
  mappingCorrections: 'input/target-mapping.csv',
  /** The JOB file (settings), as the server places it. */
  jobSettings: 'input/job.csv',
  precheckInputs: 'precheck/inputs.csv',
  precheckSummary: 'precheck/summary.json',
  bif: 'gen_bif/bif.csv',
  residue: 'gen_bif/residue.csv',
  cvrBallots: 'gen_bif/cvr-ballots.jsonl',
  cvrContests: 'gen_bif/contests.json',
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
  /** Written by the server's adjudicate stage: one row per disagreement with its decision. */
  adjudications: 'adjudicate/adjudications.csv',
  reportHtml: 'genreport/report.html',
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
  styles?: { id: string; contestIds: string[] }[];
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

/** Opens a CVR input through the store: its local file, or a temporary copy. */
export async function openCvr(
  store: JobStore,
  key: string,
): Promise<{ reader?: CvrReader; problem?: string; done: () => Promise<void> }> {
  let path = store.localPath?.(key);
  let done = async (): Promise<void> => undefined;
  if (!path) {
    const folder = await mkdtemp(join(tmpdir(), 'scrutineer-cvr-'));
    const name = key.split('/').pop() ?? 'cvr';
    const local = new FolderStore(folder);
    if (await store.exists(key)) await local.write(name, await store.read(key));
    else
      for await (const object of store.list(`${key}/`))
        await local.write(
          `${name}/${object.key.slice(key.length + 1)}`,
          await store.read(object.key),
        );
    path = join(folder, name);
    done = () => rm(folder, { recursive: true, force: true });
  }
  const opened = await openCvrFile(path);
  if ('problem' in opened) return { problem: opened.problem.message, done };
  return { reader: opened.reader, done };
}

export async function electionInfo(store: JobStore): Promise<ElectionInfo | undefined> {
  if (!(await store.exists(PATHS.election))) return undefined;
  return readJson<ElectionInfo>(store, PATHS.election);
}
