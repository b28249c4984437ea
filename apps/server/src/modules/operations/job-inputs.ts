import { and, eq, inArray } from 'drizzle-orm';
import { ADOPTED_FILE_TYPES } from '@scrutineer/contracts';
import { auditJobs, jobFiles, uploads } from '../../db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseJobCsv, readBlobText } from '../job-settings/index.js';
import type { OperationStage } from '@scrutineer/contracts';
import { stagesBefore } from './operations.stages.js';
import { BlobJobStore, pipelinePrefix, RunReads } from './pipeline-store.js';

export interface OpenedJob {
  store: BlobJobStore;
  /** The JOB file's session batch_size, when set. */
  batchSize?: number;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The job's pipeline store: BIA sets of its election become `input/images/<name>.zip`, CVR sets
 * `input/cvr/<name>`; the JOB file's `source` and `cvr` rows, when present, choose among them.
 * An EIF or JSON job file holding `contests` becomes `input/election.json`, the JOB file
 * `input/job.csv`.
 */
export async function openJobStore(deps: AppDeps, jobId: number): Promise<OpenedJob> {
  const db = deps.database.db;
  const [job] = await db.select().from(auditJobs).where(eq(auditJobs.id, jobId));
  if (!job) throw new Error(`job ${jobId} is gone`);
  const files = await db.select().from(jobFiles).where(eq(jobFiles.jobId, jobId));
  const settingsFile = files.find((f) => f.fileType === 'JOB');
  const chosen = { source: [] as string[], cvr: [] as string[], essBallots: [] as string[] };
  let batchSize: number | undefined;
  if (settingsFile) {
    try {
      const settings = parseJobCsv(await readBlobText(deps, settingsFile.storageKey));
      for (const entries of Object.values(settings))
        for (const { argument, value } of entries) {
          if (argument === 'source') chosen.source.push(value);
          if (argument === 'cvr') chosen.cvr.push(value);
          if (argument === 'ess_ballots') chosen.essBallots.push(value);
          if (argument === 'batch_size' && Number(value) > 0) batchSize = Number(value);
        }
    } catch (error) {
      deps.log.warn({ err: error, jobId }, 'JOB file unreadable; all adopted files are inputs');
    }
  }
  const sets = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.electionId, job.electionId),
        eq(uploads.kind, 'set'),
        inArray(uploads.status, ['Uploaded', 'Adopted']),
        inArray(uploads.fileType, [...ADOPTED_FILE_TYPES]),
      ),
    );
  const inputs = new Map<string, string>();
  for (const set of sets) {
    if (set.fileType === 'BIA' && (!chosen.source.length || chosen.source.includes(set.fileName))) {
      const name = safeName(set.fileName);
      inputs.set(
        `input/images/${name.toLowerCase().endsWith('.zip') ? name : `${name}.zip`}`,
        set.storageKey,
      );
    }
    // ES&S ballots files named in the JOB file come along with the CVRs it chooses.
    const isChosenCvr =
      !chosen.cvr.length ||
      chosen.cvr.includes(set.fileName) ||
      chosen.essBallots.includes(set.fileName);
    if (set.fileType === 'CVR' && isChosenCvr)
      inputs.set(`input/cvr/${safeName(set.fileName)}`, set.storageKey);
  }
  // The engine reads its own settings (thresholds, search window, target shape,
  // accept_unreadable_cvr) from the JOB file.
  if (settingsFile) inputs.set('input/job.csv', settingsFile.storageKey);
  for (const file of files.filter((f) => f.fileType === 'EIF' || f.fileType === 'JSON')) {
    const text = await readBlobText(deps, file.storageKey).catch(() => '');
    try {
      const parsed = JSON.parse(text) as { contests?: unknown };
      if (Array.isArray(parsed.contests)) inputs.set('input/election.json', file.storageKey);
    } catch {
      // A CSV EIF is for people; the engine reads the JSON form only.
    }
  }
  return {
    store: new BlobJobStore(deps.blobs, pipelinePrefix(job.address || `jobs/${job.id}`), inputs),
    ...(batchSize ? { batchSize } : {}),
  };
}

/**
 * The job's store for the batches of one run of `stage` in this process: answers about the
 * uploaded inputs and what the stages before it wrote are kept for the run (RunReads), since
 * neither changes while it runs (one stage of a job runs at a time), so later batches read
 * them from memory rather than the store.
 */
export async function openRunStore(
  deps: AppDeps,
  jobId: number,
  stage: OperationStage,
): Promise<OpenedJob> {
  const opened = await openJobStore(deps, jobId);
  const inputs = opened.store.inputKeys();
  const before = [...stagesBefore(stage)].map((name) => `${name}/`);
  const fixed = (key: string) => inputs.has(key) || before.some((folder) => key.startsWith(folder));
  return { ...opened, store: opened.store.keeping(new RunReads(fixed)) };
}
