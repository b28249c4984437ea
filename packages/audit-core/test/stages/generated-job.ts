import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  directorySink,
  FolderStore,
  PATHS,
  writeSyntheticElection,
  type BallotPlan,
  type PlantedDiscrepancy,
  type SynthElection,
} from '../../src/index.js';

export interface GeneratedJob {
  job: string;
  store: FolderStore;
  planted: PlantedDiscrepancy[];
  truth: Map<string, BallotPlan>;
}

/**
 * A job folder holding a generated election as the stages expect it: the ballot archive, the
 * Dominion CSV export and the election definition, with the ground truth beside them.
 */
export async function generatedJob(
  prefix: string,
  election: SynthElection,
  options: Parameters<typeof writeSyntheticElection>[1],
): Promise<GeneratedJob> {
  const job = await mkdtemp(join(tmpdir(), prefix));
  await mkdir(join(job, 'input/images'), { recursive: true });
  await mkdir(join(job, 'input/cvr'), { recursive: true });
  const written = await writeSyntheticElection(
    election,
    { ...options, formats: ['dominion-csv'] },
    createWriteStream(join(job, 'input/images/ballots.zip')),
    directorySink(join(job, 'truth')),
  );
  await rename(join(job, 'truth/CVR_Export.csv'), join(job, 'input/cvr/CVR_Export.csv'));
  const store = new FolderStore(job);
  await store.write(PATHS.election, JSON.stringify(election));
  const truth = new Map<string, BallotPlan>();
  for (const line of (await readFile(join(job, 'truth/truth.jsonl'), 'utf8')).trim().split('\n')) {
    const plan = JSON.parse(line) as BallotPlan;
    truth.set(plan.id, plan);
  }
  return { job, store, planted: written.planted, truth };
}

/** The stages a job runs from precheck to its report, in order. */
export const STAGES_TO_REPORT = [
  'precheck',
  'gen_bif',
  'genstyles',
  'gentemplates',
  'extractvote',
  'cmpcvr',
  'genreport',
];
