import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  SOCKET_PATH,
  type AuditJob,
  type Operation,
  type OperationStatusPoll,
} from '@scrutineer/contracts';
import { startChildServer, type ChildServer } from '../../test/child-server.js';
import { startChildWorker, type ChildWorker } from '../../test/child-worker.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createDistrict, createElection } from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import {
  generateElection,
  launchStage,
  uploadSet,
  waitForStage,
  type Api,
} from '../../test/pipeline-fixtures.js';
import { storeJobFile } from '../job-settings/index.js';

const ADMIN = ['admin@scrutineer.local', 'admin-password'] as const;
const BEFORE_EXTRACT = ['precheck', 'gen_bif', 'genstyles', 'gentemplates'];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
let lastServer: ChildServer | undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every sheet id of extractvote's sheets CSV: each ballot must be there exactly once. */
async function sheetIds(baseUrl: string, done: Operation): Promise<string[]> {
  const link = done.reports.find((r) => r.text === 'Sheets (CSV)')?.url ?? '';
  const csv = await (await fetch(new URL(link, baseUrl))).text();
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] ?? '');
}

/** Polls until `ok` holds of the run's status; answers that status. */
async function waitUntil(
  api: Api,
  token: string,
  runId: string,
  ok: (poll: OperationStatusPoll) => boolean,
) {
  for (let i = 0; i < 3000; i += 1) {
    const poll = await api.call<OperationStatusPoll>(
      'GET',
      `/job-operations/refresh_status/${runId}`,
      { token },
    );
    if (ok(poll.body)) return poll.body;
    if (poll.body.status !== 'RUNNING')
      throw new Error(`ended first: ${JSON.stringify(poll.body)}`);
    await sleep(50);
  }
  throw new Error('the run never reached the state');
}

/**
 * The API process on the embedded database runs the batches itself. SIGTERM while it holds one:
 * its socket connections close, the batch goes back on the queue, the process exits 0; on the
 * next start the stage goes on from where it was, without a reset, every ballot read once.
 */
async function apiStoppedMidStage() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shutdown-api-'));
  const env = {
    PIPELINE_BATCH_SIZE: '30',
    PIPELINE_HEARTBEAT_MS: '200',
    SHUTDOWN_GRACE_SECONDS: '0',
    LOG_LEVEL: 'info',
  };
  let server: ChildServer = await startChildServer(dir, env);
  lastServer = server;
  cleanups.push(async () => {
    await server.kill();
    await rm(dir, { recursive: true, force: true });
  });
  let token = await server.signIn(...ADMIN);
  const jobs = await server.call<{ items: AuditJob[] }>('GET', '/audit-jobs', { token });
  const job = jobs.body.items.find((j) => j.name === 'Mono demo audit');
  if (!job) throw new Error(`no demo job: ${JSON.stringify(jobs.body)}`);
  for (const stage of BEFORE_EXTRACT) {
    const id = await launchStage(server, token, job.id, stage);
    expect((await waitForStage(server, token, id, 180_000)).status).toBe('SUCCESS');
    console.log(`shutdown test: ${stage} done`);
  }
  const socket = io(server.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

  const extract = await launchStage(server, token, job.id, 'extractvote');
  // Two batches of 30: between 1 and 49 percent the first is part read.
  await waitUntil(server, token, extract, (p) => p.percent > 0 && p.percent < 50);
  console.log('shutdown test: SIGTERM');
  await server.stop();
  console.log(`shutdown test: exited ${server.exitCode()}`);
  expect(server.exitCode()).toBe(0);
  expect(server.output()).toContain('batch handed back to the queue');
  expect(await closed).toBe('io server disconnect');

  server = await startChildServer(dir, env);
  lastServer = server;
  token = await server.signIn(...ADMIN);
  const done = await waitForStage(server, token, extract, 180_000);
  expect(done.status).toBe('SUCCESS');
  expect(server.output()).not.toContain('cut off by a restart');
  const ids = await sheetIds(server.url, done);
  expect(ids).toHaveLength(60);
  expect(new Set(ids).size).toBe(60);
}

/** An election of 40 generated ballots ready for extractvote, on an API without handlers. */
async function preparedJob(server: TestServer) {
  const auditor = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, auditor.token);
  const vote = await createElection(server, auditor.token, district.id);
  const election = await generateElection('pipeline-shutdown', 40, {
    misreads: 1,
    missing: 0,
    extra: 0,
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
  for (const stage of BEFORE_EXTRACT) {
    const id = await launchStage(server, auditor.token, job.id, stage);
    expect((await waitForStage(server, auditor.token, id, 180_000)).status).toBe('SUCCESS');
  }
  return { token: auditor.token, jobId: job.id };
}

interface BatchRow {
  index: number;
  status: string;
  attempt: number;
  worker: string;
}
const batchesOf = async (server: TestServer, runId: string) =>
  (
    await server.deps.database.executeSql(
      `SELECT index, status, attempt, worker FROM operation_batches WHERE run_id = $1 ORDER BY index`,
      [runId],
    )
  ).rows as BatchRow[];

/** Pauses the workers in turn until one holds a running batch of the run; answers it paused. */
async function workerHoldingBatch(server: TestServer, workers: ChildWorker[], runId: string) {
  for (let i = 0; i < 600; i += 1) {
    const worker = workers[i % workers.length];
    if (!worker) break;
    worker.pause();
    await sleep(100);
    const held = (await batchesOf(server, runId)).find(
      (b) => b.status === 'running' && b.worker.includes(`-${worker.pid}-`),
    );
    if (held) return { worker, index: held.index };
    worker.resume();
    await sleep(50);
  }
  throw new Error('no worker took a batch');
}

/**
 * Worker processes on PostgreSQL; the stale-batch sweep is set far beyond the test so only a
 * clean shutdown can pass a batch on. `grace` 0: the batch in flight is handed back at once and
 * finished by the other worker. A long grace: the stopping worker finishes its batch and takes
 * no other.
 */
async function workerStoppedMidStage(grace: 'none' | 'long') {
  const server = await startTestServer({ PIPELINE_WORKERS: '0' });
  cleanups.push(() => server.close());
  const env = {
    DATABASE_URL: server.deps.database.url ?? '',
    DATA_DIR: server.deps.config.DATA_DIR,
    PIPELINE_WORKERS: '1',
    PIPELINE_BATCH_SIZE: '8',
    PIPELINE_HEARTBEAT_MS: '300',
    PIPELINE_STALE_SECONDS: '3600',
    SHUTDOWN_GRACE_SECONDS: grace === 'none' ? '0' : '600',
  };
  const workers: ChildWorker[] = [];
  for (let i = 0; i < 2; i += 1) {
    const worker = await startChildWorker(env);
    workers.push(worker);
    cleanups.push(() => worker.kill());
  }
  const { token, jobId } = await preparedJob(server);
  const extract = await launchStage(server, token, jobId, 'extractvote');
  const { worker: victim, index } = await workerHoldingBatch(server, workers, extract);
  victim.resume();
  await victim.stop();
  expect(victim.exitCode()).toBe(0);
  expect(victim.output()).toContain('stopped');

  const done = await waitForStage(server, token, extract, 180_000);
  expect(done.status).toBe('SUCCESS');
  const batches = await batchesOf(server, extract);
  expect(batches).toHaveLength(5);
  expect(batches.every((b) => b.status === 'done')).toBe(true);
  const held = batches.find((b) => b.index === index);
  const victimId = `-${victim.pid}-`;
  if (grace === 'none') {
    expect(victim.output()).toContain('batch handed back to the queue');
    // Claimed again by the other worker: by the hand-back, as the sweep waits an hour.
    expect(held?.attempt).toBe(2);
    expect(held?.worker).not.toContain(victimId);
  } else {
    expect(held).toMatchObject({ attempt: 1 });
    expect(held?.worker).toContain(victimId);
    expect(batches.filter((b) => b.worker.includes(victimId))).toHaveLength(1);
  }
  const ids = await sheetIds(server.url, done);
  expect(ids).toHaveLength(40);
  expect(new Set(ids).size).toBe(40);
  const { rows } = await server.deps.database.executeSql(
    'SELECT count(*)::int AS n FROM pipeline_workers WHERE id LIKE $1',
    [`%${victimId}%`],
  );
  expect(rows).toEqual([{ n: 0 }]);
}

describe('SIGTERM', () => {
  if (inject('postgresUrl')) {
    it(
      'a worker stopped mid-batch with no grace hands the batch back; another finishes it; every ballot counted once',
      () => workerStoppedMidStage('none'),
      600_000,
    );
    it(
      'a worker stopped mid-batch with a grace period finishes its batch, takes no other, and leaves',
      () => workerStoppedMidStage('long'),
      600_000,
    );
  } else {
    it(
      'an API process stopped mid-stage closes its sockets, hands its batch back, and the stage goes on at the next start',
      () =>
        apiStoppedMidStage().catch((error: unknown) => {
          console.log(`shutdown test: server output:\n${lastServer?.output() ?? ''}`);
          throw error;
        }),
      600_000,
    );
  }
});
