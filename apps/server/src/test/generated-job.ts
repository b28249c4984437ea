import { expect } from 'vitest';
import type { ElectionOptions } from '@scrutineer/audit-core';
import type { AuditJob } from '@scrutineer/contracts';
import { storeJobFile } from '../modules/job-settings/index.js';
import {
  addToElection,
  createDistrict,
  createElection,
  type Account,
} from './elections-fixtures.js';
import type { TestServer } from './harness.js';
import { createJob } from './jobs-fixtures.js';
import {
  generateElection,
  runStage,
  uploadSet,
  type GeneratedElection,
} from './pipeline-fixtures.js';

export interface GeneratedJob {
  electionId: number;
  job: AuditJob;
  generated: GeneratedElection;
}

/**
 * An audit job on a generated election, as its Auditor sets it up: a district and an Open
 * election with the given members, the ballot images and CVR export uploaded, the election
 * file adopted, and the stages run in order. Each stage must end SUCCESS unless `expect`
 * names the status it ends in.
 */
export async function createGeneratedJob(
  server: TestServer,
  auditor: Account,
  options: {
    seed: string;
    count: number;
    plant?: { misreads: number; missing: number; extra: number };
    shape?: Omit<ElectionOptions, 'seed'>;
    members?: [Account, 'Observer' | 'Uploader' | 'Auditor'][];
    /** Runs once the job exists, before its stages (permissions, settings). */
    beforeStages?: (job: AuditJob) => Promise<void>;
    stages: string[];
    expect?: Record<string, string>;
  },
): Promise<GeneratedJob> {
  const district = await createDistrict(server, auditor.token);
  const vote = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  for (const [account, role] of options.members ?? [])
    await addToElection(server, auditor.token, vote.id, account, role);
  const generated = await generateElection(
    options.seed,
    options.count,
    options.plant ?? { misreads: 0, missing: 0, extra: 0 },
    options.shape,
  );
  await uploadSet(server, auditor.token, vote.id, 'ballots.zip', 'BIA', generated.images);
  await uploadSet(server, auditor.token, vote.id, 'cvr-export.zip', 'CVR', generated.cvr);
  const job = await createJob(server, auditor.token, vote.id);
  await storeJobFile(server.deps, {
    jobId: job.id,
    jobAddress: job.address,
    fileName: 'election.json',
    fileType: 'EIF',
    content: Buffer.from(generated.electionJson),
    userId: auditor.id,
  });
  await options.beforeStages?.(job);
  for (const stage of options.stages) {
    const op = await runStage(server, auditor.token, job.id, stage);
    expect([stage, op.status]).toEqual([stage, options.expect?.[stage] ?? 'SUCCESS']);
  }
  return { electionId: vote.id, job, generated };
}
