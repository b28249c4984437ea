import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AuditJob, OperationList } from '@scrutineer/contracts';
import { startChildServer } from '../../test/child-server.js';
import { startChildWorker, type ChildWorker } from '../../test/child-worker.js';
import { startTestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
} from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import {
  generateElection,
  launchStage,
  uploadSet,
  waitForStage,
} from '../../test/pipeline-fixtures.js';
import { storeJobFile } from '../job-settings/index.js';

const ADMIN = ['admin@scrutineer.local', 'admin-password'] as const;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serverKilledMidStage() {
  {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pipeline-restart-'));
    let server = await startChildServer(dir);
    cleanups.push(async () => {
      await server.kill();
      await rm(dir, { recursive: true, force: true });
    });
    let token = await server.signIn(...ADMIN);
    const jobs = await server.call<{ items: AuditJob[] }>('GET', '/audit-jobs', { token });
    const job = jobs.body.items.find((j) => j.name === 'Mono demo audit');
    if (!job) throw new Error(`no demo job: ${JSON.stringify(jobs.body)}`);
    const precheck = await launchStage(server, token, job.id, 'precheck');
    await waitForStage(server, token, precheck, 180_000);
    const genBif = await launchStage(server, token, job.id, 'gen_bif');
    await server.kill();
    server = await startChildServer(dir);
    token = await server.signIn(...ADMIN);
    const list = await server.call<OperationList>('GET', `/job-operations/${job.id}`, { token });
    const cut = list.body.items.find((o) => o.operation_id === genBif);
    expect(cut?.status).toBe('FAILURE');
    expect(cut?.result).toMatch(/server stopped/);
    const reset = await server.call('GET', `/job-operations/refresh/${genBif}`, { token });
    expect(reset.status).toBe(200);
    const again = await launchStage(server, token, job.id, 'gen_bif');
    expect((await waitForStage(server, token, again, 180_000)).status).toBe('SUCCESS');
  }
}

async function workerKilledInExtractvote() {
  {
    {
      const server = await startTestServer({ PIPELINE_WORKERS: '0' });
      cleanups.push(() => server.close());
      const env = {
        DATABASE_URL: server.deps.database.url ?? '',
        DATA_DIR: server.deps.config.DATA_DIR,
        PIPELINE_WORKERS: '1',
        PIPELINE_BATCH_SIZE: '8',
        PIPELINE_HEARTBEAT_MS: '300',
        PIPELINE_STALE_SECONDS: '10',
      };
      const workers: ChildWorker[] = [];
      for (let i = 0; i < 2; i += 1) {
        const worker = await startChildWorker(env);
        workers.push(worker);
        cleanups.push(() => worker.kill());
      }
      const auditor = await createAccount(server, { role: 'Client' });
      const district = await createDistrict(server, auditor.token);
      const vote = await createElection(server, auditor.token, district.id);
      const observer = await createAccount(server);
      await addToElection(server, auditor.token, vote.id, observer, 'Observer');
      const election = await generateElection('pipeline-workers', 40, {
        misreads: 1,
        missing: 1,
        extra: 1,
      });
      await uploadSet(server, auditor.token, vote.id, 'ballots.zip', 'BIA', election.images);
      await uploadSet(server, auditor.token, vote.id, 'cvr-export.zip', 'CVR', election.cvr);
      const job = await createJob(server, auditor.token, vote.id);
      await storeJobFile(server.deps, {
        jobId: job.id,
        jobAddress: job.address,
        fileName: 'election.json',
        fileType: 'EIF',
        content: Buffer.from(election.electionJson),
        userId: auditor.id,
      });
      for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates']) {
        const id = await launchStage(server, auditor.token, job.id, stage);
        expect((await waitForStage(server, auditor.token, id, 180_000)).status).toBe('SUCCESS');
      }
      const extract = await launchStage(server, auditor.token, job.id, 'extractvote');
      // Kill a worker while it holds a batch. It is paused before the look, so it cannot finish
      // the batch between the look and the kill; the pause also lets a commit already sent land.
      let victim: ChildWorker | undefined;
      for (let i = 0; i < 600 && !victim; i += 1) {
        const worker = workers[i % workers.length];
        if (!worker) break;
        worker.pause();
        await sleep(100);
        const { rows } = await server.deps.database.executeSql(
          `SELECT worker FROM operation_batches WHERE run_id = $1 AND status = 'running'`,
          [extract],
        );
        if ((rows as { worker: string }[]).some((r) => r.worker.includes(`-${worker.pid}-`))) {
          victim = worker;
        } else {
          worker.resume();
          await sleep(50);
        }
      }
      if (!victim) throw new Error('no worker took a batch');
      await victim.kill();
      const done = await waitForStage(server, auditor.token, extract, 180_000);
      expect(done.status).toBe('SUCCESS');
      const { rows } = await server.deps.database.executeSql(
        `SELECT index, status, attempt FROM operation_batches WHERE run_id = $1 ORDER BY index`,
        [extract],
      );
      const batches = rows as { index: number; status: string; attempt: number }[];
      expect(batches.length).toBeGreaterThan(2);
      expect(batches.every((b) => b.status === 'done')).toBe(true);
      expect(batches.some((b) => b.attempt > 1)).toBe(true);
      const sheetsLink = done.reports.find((r) => r.text === 'Sheets (CSV)')?.url ?? '';
      const csv = await (await fetch(new URL(sheetsLink, server.url))).text();
      const ids = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    }
  }
}

// PGlite keeps every worker inside the API process, so the fault there is a killed server; on
// PostgreSQL it is a killed worker process among two.
describe('faults', () => {
  it(
    inject('postgresUrl')
      ? 'a worker killed during extractvote: the stage ends SUCCESS with every ballot counted once'
      : 'a server killed mid-stage: after a restart the stage is FAILURE, not RUNNING, and runs again after a reset',
    () => (inject('postgresUrl') ? workerKilledInExtractvote() : serverKilledMidStage()),
    300_000,
  );
});
