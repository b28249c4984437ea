import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATION_MESSAGES as M,
  type AuditJob,
  type Operation,
  type OperationList,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { openJobStore } from './job-inputs.js';

type Changed = { message: string; operation: Operation };

// No workers: a launched stage stays RUNNING until stopped; built states are set in the table.
let server: TestServer;
let auditor: Account;
let observer: Account;
let job: AuditJob;

const statuses = async () => {
  const answer = await server.call<OperationList>('GET', `/job-operations/${job.id}`, {
    token: auditor.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(answer.body.items.map((o) => [o.operation, o]));
};
const jobStatus = async () => {
  const answer = await server.call<AuditJob>('GET', `/audit-jobs/${job.id}`, {
    token: auditor.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.status;
};
const setStatus = (names: string[], status: string) =>
  server.deps.database.executeSql(
    'UPDATE job_operations SET status = $1 WHERE job_id = $2 AND operation = ANY($3)',
    [status, job.id, names],
  );
const reset = (id: number, token = auditor.token) =>
  server.call<Changed>('GET', `/job-operations/refresh/${id}`, { token });

beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '0' });
  [auditor, observer] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  job = await createJob(server, auditor.token, election.id);
});
afterAll(async () => server.close());

describe('job Status follows its stages', () => {
  it('is New until a stage runs, then RUNNING, then STOPPED', async () => {
    expect(await jobStatus()).toBe('New');
    await statuses();
    expect(await jobStatus()).toBe('New');
    const launched = await server.call<Changed>('POST', '/job-operations', {
      token: auditor.token,
      body: { job_id: job.id, operation: 'precheck' },
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    expect(await jobStatus()).toBe('RUNNING');
    const stopped = await server.call<Changed>(
      'GET',
      `/job-operations/stop/${launched.body.operation.id}`,
      { token: auditor.token },
    );
    expect(stopped.status).toBe(200);
    expect(await jobStatus()).toBe('STOPPED');
  });

  it("lists a STOPPED stage's log among its reports", async () => {
    const { store } = await openJobStore(server.deps, job.id);
    await store.write(
      'logs/operation-logs/precheck/log.txt',
      Buffer.from('2026-01-01T00:00:00Z INFO reading inputs\n'),
    );
    const precheck = (await statuses()).precheck;
    expect(precheck?.status).toBe('STOPPED');
    expect(precheck?.reports.map((r) => r.text)).toEqual(['Log (text)']);
    const opened = await fetch(new URL(precheck?.reports[0]?.url ?? '', server.url));
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toContain('text/plain');
    expect(await opened.text()).toContain('reading inputs');
  });

  it('is built with the first stages built, SUCCESS with all, and public pages agree', async () => {
    const precheck = (await statuses()).precheck;
    expect((await reset(precheck?.id ?? 0)).status).toBe(200);
    await setStatus(['precheck', 'gen_bif'], 'built');
    expect(await jobStatus()).toBe('built');
    const open = await server.call<{ status: string }>('GET', `/get-singleaudit/${job.id}`);
    expect(open.body.status).toBe('built');
    const all = Object.keys(await statuses());
    await setStatus(all, 'built');
    expect(await jobStatus()).toBe('SUCCESS');
  });
});

describe('built results go out of date', () => {
  it('when the settings of a built stage are saved: that stage and later built ones', async () => {
    const all = Object.keys(await statuses());
    await setStatus(all, 'built');
    const saved = await server.call<{ message: string }>('POST', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: {
        file_name: 'JOB_County_audit.csv',
        settings: { session_specs: [{ argument: 'batch_size', value: '20' }] },
        stage: 'extractvote',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.message).toContain('extractvote, cmpcvr, adjudicate, genreport');
    const after = await statuses();
    expect(after.gentemplates?.status).toBe('built');
    expect(after.extractvote?.status).toBe('built-new');
    expect(after.archive?.status).toBe('built-new');
    expect(await jobStatus()).toBe('built-new');
  });

  it('leaves unbuilt stages alone and names nothing when nothing was built', async () => {
    const all = Object.keys(await statuses());
    await setStatus(all, 'unbuilt-notready');
    await setStatus(['precheck'], 'unbuilt-ready');
    const saved = await server.call<{ message: string }>('PUT', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: {
        file_name: 'JOB_County_audit.csv',
        settings: { session_specs: [{ argument: 'batch_size', value: '30' }] },
        stage: 'precheck',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).not.toContain('Out of date');
    expect((await statuses()).precheck?.status).toBe('unbuilt-ready');
  });
});

describe('reset of a built stage (the older job-control list)', () => {
  it('returns it to ready and makes later built stages out of date; refused to an Observer', async () => {
    const all = Object.keys(await statuses());
    await setStatus(all, 'built');
    const genBif = (await statuses()).gen_bif;
    const byObserver = await reset(genBif?.id ?? 0, observer.token);
    expect(byObserver.status).toBe(403);
    const answer = await reset(genBif?.id ?? 0);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(M.reset);
    expect(answer.body.operation).toMatchObject({
      status: 'unbuilt-ready',
      operation_id: null,
      control_status: 'Ready',
      reports: [],
      downloads: [],
    });
    const after = await statuses();
    expect(after.precheck?.status).toBe('built');
    expect(after.genstyles?.status).toBe('built-new');
    expect(after.archive?.status).toBe('built-new');
  });

  it('still refuses a reset of a stage that is not ready to be reset', async () => {
    const genstyles = (await statuses()).genstyles;
    await setStatus(['genstyles'], 'unbuilt-notready');
    const answer = await reset(genstyles?.id ?? 0);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: M.notResettable('genstyles') });
  });
});

describe('reports of a stopped stage that fans out', () => {
  it('lists its batches’ logs in order while it has no joined log', async () => {
    const { store } = await openJobStore(server.deps, job.id);
    for (const n of [2, 10, 1])
      await store.write(
        `logs/operation-logs/extractvote/batches/${n}.txt`,
        Buffer.from(`2026-01-01T00:00:00Z INFO batch ${n}\n`),
      );
    await setStatus(['extractvote'], 'STOPPED');
    const extractvote = (await statuses()).extractvote;
    expect(extractvote?.reports.map((r) => r.text)).toEqual([
      'Log of batch 1 (text)',
      'Log of batch 2 (text)',
      'Log of batch 10 (text)',
    ]);
    const opened = await fetch(new URL(extractvote?.reports[1]?.url ?? '', server.url));
    expect(await opened.text()).toContain('batch 2');
  });
});
