import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATION_MESSAGES as M,
  type AuditJob,
  type ComputeStatus,
  type Operation,
  type OperationList,
  type OperationStatusPoll,
  type PipelineStatus,
  type Tool,
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

type Changed = { message: string; operation: Operation };
type Launched = Changed & { operation_id: string };

// No workers: a launched stage stays RUNNING until it is stopped, so every transition and
// refusal can be seen; the pipeline test runs stages for real.
let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let job: AuditJob;

const ops = async (token = auditor.token) => {
  const answer = await server.call<OperationList>('GET', `/job-operations/${job.id}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const op = async (name: string) => {
  const found = (await ops()).items.find((o) => o.operation === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const launch = (token: string, body: Record<string, unknown>) =>
  server.call<Launched>('POST', '/job-operations', { token, body: { job_id: job.id, ...body } });
const setStatus = (name: string, status: string) =>
  server.deps.database.executeSql(
    'UPDATE job_operations SET status = $1 WHERE job_id = $2 AND operation = $3',
    [status, job.id, name],
  );

beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '0' });
  [auditor, uploader, observer, stranger] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  job = await createJob(server, auditor.token, election.id);
});
afterAll(async () => server.close());

describe('GET /job-operations/{jobId}', () => {
  it('lists every stage in order: precheck ready, the others not ready', async () => {
    const list = await ops();
    expect(list.items.map((o) => o.operation)).toEqual([
      'precheck',
      'gen_bif',
      'genstyles',
      'gentemplates',
      'extractvote',
      'cmpcvr',
      'adjudicate',
      'genreport',
      'export',
      'archive',
    ]);
    expect(list.items.map((o) => o.status)).toEqual([
      'unbuilt-ready',
      ...Array<string>(9).fill('unbuilt-notready'),
    ]);
    const [precheck, genBif] = list.items;
    expect(precheck?.name).toBe(`${job.id}_precheck`);
    expect(precheck?.control_status).toBe('Ready');
    expect(precheck?.can).toMatchObject({ run: true, stop: false, reset: false, logs: true });
    expect(genBif?.control_status).toBe('Not Ready');
    expect(genBif?.can.logs).toBe(false);
    expect(genBif?.logs).toBe('');
    expect(list.items.find((o) => o.operation === 'genreport')?.label).toBe('Final Report');
    expect(list.items.find((o) => o.operation === 'genreport')?.needs).toEqual(['adjudicate']);
  });

  it('shows an Observer the stages without run or reset', async () => {
    const list = await ops(observer.token);
    expect(list.can).toEqual({ run: false, stop: true, reset: false });
    expect(list.items[0]?.can.run).toBe(false);
  });

  it('answers 404 to a stranger and 401 without a session', async () => {
    expect(
      (await server.call('GET', `/job-operations/${job.id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await server.call('GET', `/job-operations/${job.id}`)).status).toBe(401);
  });
});

describe('run, stop and reset', () => {
  it('refuses a run by an Uploader or an Observer', async () => {
    for (const account of [uploader, observer]) {
      const answer = await launch(account.token, { operation: 'precheck' });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: M.auditorOnlyRun });
    }
    expect((await op('precheck')).status).toBe('unbuilt-ready');
  });

  it('refuses a run of a stage that is not ready, and an unknown stage', async () => {
    const answer = await launch(auditor.token, { operation: 'gen_bif' });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: M.notReady('gen_bif') });
    const unknown = await launch(auditor.token, { operation: 'scan' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as { error: string }).error).toMatch(/^operation: /);
  });

  it('runs a ready stage: RUNNING with an operation_id; a poll maps PENDING to RUNNING', async () => {
    const answer = await launch(auditor.token, { operation: 'precheck', action: 'run' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Operation Launched');
    expect(answer.body.operation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body.operation).toMatchObject({
      status: 'RUNNING',
      running: true,
      control_status: 'Running',
    });
    const poll = await server.call<OperationStatusPoll>(
      'GET',
      `/job-operations/refresh_status/${answer.body.operation_id}`,
      { token: observer.token },
    );
    expect(poll.status).toBe(200);
    expect(poll.body).toMatchObject({ raw_status: 'PENDING', status: 'RUNNING' });
    const status = await server.call<PipelineStatus>(
      'GET',
      `/job-operations/pipeline-status/${job.id}`,
      {
        token: auditor.token,
      },
    );
    expect(status.body.status).toBe('RUNNING');
    expect(status.body.running.map((o) => o.operation)).toEqual(['precheck']);
    expect(status.body.pipeline_file).toBe(false);
    // No worker has written a line yet: the log reads empty rather than missing.
    const log = await server.call('GET', `/logs/operation-logs/${job.id}_precheck/log.txt`, {
      token: auditor.token,
    });
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body ?? '')).not.toContain(M.logNotFound);
  });

  it('refuses a second run while a stage runs, and a reset of a RUNNING stage', async () => {
    const again = await launch(auditor.token, { operation: 'precheck' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: M.alreadyRunning('precheck') });
    const precheck = await op('precheck');
    const reset = await server.call('GET', `/job-operations/refresh/${precheck.id}`, {
      token: auditor.token,
    });
    expect(reset.status).toBe(409);
    expect(reset.body).toEqual({ error: M.notResettable('precheck') });
  });

  it('lets any member stop a RUNNING stage; a poll then maps REVOKED to STOPPED', async () => {
    const precheck = await op('precheck');
    expect(
      (await server.call('GET', `/job-operations/stop/${precheck.id}`, { token: stranger.token }))
        .status,
    ).toBe(404);
    const stop = await server.call<Changed>('GET', `/job-operations/stop/${precheck.id}`, {
      token: observer.token,
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.message).toBe('Operation has been Stop');
    expect(stop.body.operation.status).toBe('STOPPED');
    const poll = await server.call<OperationStatusPoll>(
      'GET',
      `/job-operations/refresh_status/${precheck.id}`,
      {
        token: auditor.token,
      },
    );
    expect(poll.body).toMatchObject({ raw_status: 'REVOKED', status: 'STOPPED' });
    const twice = await server.call('GET', `/job-operations/stop/${precheck.id}`, {
      token: auditor.token,
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: M.notRunning('precheck') });
  });

  it('refuses to run a STOPPED stage before a reset, and a reset by an Uploader', async () => {
    const run = await launch(auditor.token, { operation: 'precheck' });
    expect(run.status).toBe(409);
    expect(run.body).toEqual({ error: M.resetFirst('precheck', 'STOPPED') });
    const precheck = await op('precheck');
    const refused = await server.call('GET', `/job-operations/refresh/${precheck.id}`, {
      token: uploader.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: M.auditorOnlyReset });
  });

  it('resets a STOPPED stage: its operation_id goes and it is ready again', async () => {
    const precheck = await op('precheck');
    const reset = await server.call<Changed>('GET', `/job-operations/refresh/${precheck.id}`, {
      token: auditor.token,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Operation has been reset');
    expect(reset.body.operation).toMatchObject({
      status: 'unbuilt-ready',
      operation_id: null,
      percent: 0,
    });
  });

  it('resets a FAILURE stage too', async () => {
    await setStatus('precheck', 'FAILURE');
    const precheck = await op('precheck');
    expect(precheck.can.reset).toBe(true);
    const reset = await server.call<Changed>('GET', `/job-operations/refresh/${precheck.id}`, {
      token: auditor.token,
    });
    expect(reset.body.operation.status).toBe('unbuilt-ready');
  });

  it('answers 404 for an operation that does not exist', async () => {
    for (const path of ['stop', 'refresh', 'refresh_status', 'refresh_status_force'])
      expect(
        (await server.call('GET', `/job-operations/${path}/999999`, { token: auditor.token }))
          .status,
      ).toBe(404);
  });
});

describe('built stages: readiness, forced rerun and forced refresh', () => {
  it('makes the next stage ready once the stages it needs are built', async () => {
    await setStatus('precheck', 'SUCCESS');
    // Readiness settles on the next change; a reset of another stage is one.
    await setStatus('genstyles', 'FAILURE');
    const genstyles = await op('genstyles');
    await server.call('GET', `/job-operations/refresh/${genstyles.id}`, { token: auditor.token });
    const list = await ops();
    expect(list.items.slice(0, 3).map((o) => o.status)).toEqual([
      'SUCCESS',
      'unbuilt-ready',
      'unbuilt-notready',
    ]);
    expect(list.items[0]).toMatchObject({ percent: 100, control_status: 'Done' });
    expect(list.items[0]?.can).toMatchObject({
      run: false,
      refresh: true,
      rerun: true,
      reset: false,
    });
  });

  it('refuses to run a built stage without force, and a forced rerun by an Observer', async () => {
    const plain = await launch(auditor.token, { operation: 'precheck' });
    expect(plain.status).toBe(409);
    expect(plain.body).toEqual({ error: M.alreadyBuilt('precheck') });
    const observerRerun = await launch(observer.token, {
      operation: 'precheck',
      force_rebuild: true,
    });
    expect(observerRerun.status).toBe(403);
  });

  it('a forced rerun marks the later built stages built-new', async () => {
    await setStatus('gen_bif', 'built');
    await setStatus('genstyles', 'SUCCESS');
    const rerun = await launch(auditor.token, { operation: 'precheck', force_rebuild: 'true' });
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(200);
    const list = await ops();
    expect(list.items.slice(0, 4).map((o) => o.status)).toEqual([
      'RUNNING',
      'built-new',
      'built-new',
      'unbuilt-notready',
    ]);
    const stop = await server.call<Changed>(
      'GET',
      `/job-operations/stop/${rerun.body.operation_id}`,
      {
        token: auditor.token,
      },
    );
    expect(stop.body.operation.status).toBe('STOPPED');
  });

  it('forced refresh needs a built stage and the Auditor; without outputs the stage is unbuilt again', async () => {
    const genBif = await op('gen_bif');
    const precheck = await op('precheck');
    const notBuilt = await server.call(
      'GET',
      `/job-operations/refresh_status_force/${precheck.id}`,
      {
        token: auditor.token,
      },
    );
    expect(notBuilt.status).toBe(409);
    expect(notBuilt.body).toEqual({ error: M.notRefreshable('precheck') });
    const observerRefresh = await server.call(
      'GET',
      `/job-operations/refresh_status_force/${genBif.id}`,
      {
        token: observer.token,
      },
    );
    expect(observerRefresh.status).toBe(403);
    const refreshed = await server.call<Operation>(
      'GET',
      `/job-operations/refresh_status_force/${genBif.id}`,
      {
        token: auditor.token,
      },
    );
    expect(refreshed.status).toBe(200);
    // Nothing was really built in this test, so there is nothing to find.
    expect(refreshed.body.status).toBe('unbuilt-notready');
  });

  it('refuses a log of a stage that never ran and serves none for a stranger', async () => {
    const log = await server.call('GET', `/logs/operation-logs/${job.id}_gen_bif/log.txt`, {
      token: auditor.token,
    });
    expect(log.status).toBe(404);
    const stranger404 = await server.call(
      'GET',
      `/logs/operation-logs/${job.id}_precheck/log.txt`,
      {
        token: stranger.token,
      },
    );
    expect(stranger404.status).toBe(404);
  });
});

describe('reset in the tool view (GET /job-operations/refresh/{operation_id} of a tool run)', () => {
  it('refuses a RUNNING tool, then resets it once stopped; an Observer may not', async () => {
    const added = await server.call<{ tool: Tool }>('POST', '/sys-config/action-tools', {
      token: auditor.token,
      body: {
        job_id: job.id,
        settings: {
          function_name: 'recount_cvr',
          script: 'audit-core precheck (CVR files)',
          api_entry: '/compute/tools-execute',
          api_operands: { op: 'recount_cvr' },
          help_text: 'Count the records again',
        },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const rowNumber = added.body.tool.row_number;
    // No workers here: the run stays RUNNING.
    const executed = await server.call<{ operation_id: string }>('POST', '/compute/tools-execute', {
      token: auditor.token,
      body: { op: 'recount_cvr', job_id: job.id, row_number: rowNumber },
    });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    const runId = executed.body.operation_id;
    const reset = (token: string) =>
      server.call<{ message: string; tool: Tool }>('GET', `/job-operations/refresh/${runId}`, {
        token,
      });

    const running = await reset(auditor.token);
    expect(running.status).toBe(409);
    expect(running.body).toEqual({ error: M.toolNotResettable('recount_cvr') });
    const stopped = await server.call('GET', `/compute/stop/${runId}`, { token: observer.token });
    expect(stopped.status).toBe(200);

    const byObserver = await reset(observer.token);
    expect(byObserver.status).toBe(403);
    expect(byObserver.body).toEqual({ error: M.auditorOnlyReset });
    expect((await reset(stranger.token)).status).toBe(404);

    const done = await reset(auditor.token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(M.reset);
    expect(done.body.tool).toMatchObject({
      row_number: rowNumber,
      status: 'unbuilt-ready',
      operation_id: null,
      logs: '',
    });
    // The run itself stays as it ended.
    const status = await server.call<ComputeStatus>('GET', `/compute/status/${runId}`, {
      token: auditor.token,
    });
    expect(status.body.status).toBe('STOPPED');
  });
});
