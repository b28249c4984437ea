import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATION_MESSAGES as M,
  type ActionSpec,
  type AuditJob,
  type ComputeStatus,
  type Tool,
} from '@scrutineer/contracts';
import { toolRuns } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { generateElection, uploadSet } from '../../test/pipeline-fixtures.js';

let server: TestServer;
let auditor: Account;
let observer: Account;
let admin: Account;
let job: AuditJob;

const settings = (overrides: Record<string, unknown> = {}) => ({
  function_name: 'recount_cvr',
  script: 'audit-core precheck (CVR files)',
  api_entry: '/compute/tools-execute',
  api_operands: JSON.stringify({ op: 'recount_cvr' }),
  help_text: 'Count the records again',
  ...overrides,
});

async function finish(id: string, token = auditor.token): Promise<ComputeStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await server.call<ComputeStatus>('GET', `/compute/status/${id}`, { token });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    if (status.body.status !== 'RUNNING') return status.body;
    if (Date.now() > deadline) throw new Error('tool still running');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startTestServer({ PIPELINE_HEARTBEAT_MS: '200' });
  [auditor, observer, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server, { role: 'Admin' }),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Open' });
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  const generated = await generateElection('tools', 6, { misreads: 0, missing: 0, extra: 0 });
  await uploadSet(server, auditor.token, election.id, 'cvr-export.zip', 'CVR', generated.cvr);
  job = await createJob(server, auditor.token, election.id);
});
afterAll(async () => server.close());

describe('registered tool functions', () => {
  it('lists the functions a tool row may name, and one by id', async () => {
    const list = await server.call<{ items: ActionSpec[] }>('GET', '/sys-config/action-specs/v3', {
      token: observer.token,
    });
    expect(list.body.items.map((s) => s.function_name)).toEqual([
      'rescan_archive',
      'recount_cvr',
      'regenerate_report',
      'export_stage',
    ]);
    const one = await server.call<ActionSpec>('GET', '/sys-config/action-specs/v3/export_stage', {
      token: observer.token,
    });
    expect(one.body.operands.stage?.type).toBe('stage');
    const missing = await server.call('GET', '/sys-config/action-specs/v3/rm_rf', {
      token: observer.token,
    });
    expect(missing.status).toBe(404);
  });
});

describe('tool rows', () => {
  let tool: Tool;
  let runId: string;

  it('adds a row for the job Auditor, naming a registered function', async () => {
    const added = await server.call<{ message: string; tool: Tool }>(
      'POST',
      '/sys-config/action-tools',
      {
        token: auditor.token,
        body: { job_id: job.id, settings: JSON.stringify(settings()) },
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe('Tool save successfully');
    tool = added.body.tool;
    expect(tool).toMatchObject({
      function_name: 'recount_cvr',
      status: 'unbuilt-ready',
      operation_id: null,
    });
    expect(tool.api_operands).toEqual({ op: 'recount_cvr' });
  });

  it('refuses an Observer, an unknown function, missing fields and operands that are not JSON', async () => {
    const observerAdd = await server.call('POST', '/sys-config/action-tools', {
      token: observer.token,
      body: { job_id: job.id, settings: settings() },
    });
    expect(observerAdd.status).toBe(403);
    const unknown = await server.call('POST', '/sys-config/action-tools', {
      token: auditor.token,
      body: {
        job_id: job.id,
        settings: settings({ function_name: 'sh', api_operands: '{"op":"sh"}' }),
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: M.unknownToolFunction('sh') });
    const empty = await server.call('POST', '/sys-config/action-tools', {
      token: auditor.token,
      body: { job_id: job.id, settings: settings({ help_text: '' }) },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'settings.help_text: Required.' });
    const notJson = await server.call('POST', '/sys-config/action-tools', {
      token: auditor.token,
      body: { job_id: job.id, settings: settings({ api_operands: 'op=recount_cvr' }) },
    });
    expect(notJson.body).toEqual({ error: M.toolOperandsInvalid('Must be JSON.') });
  });

  it('keeps global tools for the Admin', async () => {
    const refused = await server.call('GET', '/sys-config/action-tools', { token: auditor.token });
    expect(refused.status).toBe(403);
    const added = await server.call('POST', '/sys-config/action-tools', {
      token: admin.token,
      body: {
        settings: settings({
          function_name: 'export_stage',
          api_operands: '{"op":"export_stage"}',
        }),
      },
    });
    expect(added.status).toBe(200);
    const list = await server.call<{ items: Tool[] }>('GET', '/sys-config/action-tools', {
      token: admin.token,
    });
    expect(list.body.items.map((t) => t.function_name)).toEqual(['export_stage']);
  });

  it('updates and deletes a row', async () => {
    const updated = await server.call<{ tool: Tool }>('POST', '/sys-config/update-action-tools', {
      token: auditor.token,
      body: {
        job_id: job.id,
        row_number: tool.row_number,
        settings: settings({ help_text: 'Recount' }),
      },
    });
    expect(updated.body.tool.help_text).toBe('Recount');
    const spare = await server.call<{ tool: Tool }>('POST', '/sys-config/action-tools', {
      token: auditor.token,
      body: { job_id: job.id, settings: settings() },
    });
    const removed = await server.call('POST', '/sys-config/delete-action-tools', {
      token: auditor.token,
      body: { job_id: job.id, row_number: spare.body.tool.row_number },
    });
    expect(removed.body).toEqual({ message: 'Delete tool successfully' });
    const again = await server.call('POST', '/sys-config/delete-action-tools', {
      token: auditor.token,
      body: { job_id: job.id, row_number: spare.body.tool.row_number },
    });
    expect(again.status).toBe(404);
    const list = await server.call<{ items: Tool[] }>(
      'GET',
      `/sys-config/action-tools?job_id=${job.id}`,
      {
        token: observer.token,
      },
    );
    expect(list.body.items.map((t) => t.row_number)).toEqual([tool.row_number]);
    expect(list.body.items[0]?.can.run).toBe(false);
  });

  it('runs a row on the queue: recount_cvr counts the records; log, report and status follow it', async () => {
    const executed = await server.call<{ operation_id: string }>('POST', '/compute/tools-execute', {
      token: auditor.token,
      body: {
        op: 'recount_cvr',
        job_id: job.id,
        row_number: tool.row_number,
        user_id: auditor.id,
        username: auditor.email,
      },
    });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    runId = executed.body.operation_id;
    const done = await finish(executed.body.operation_id, observer.token);
    expect(done.status, done.result).toBe('SUCCESS');
    expect(done.result).toContain('input/cvr/cvr-export.zip: 0 images, 6 records, 0 problems');
    const report = await fetch(new URL(done.reports[0]?.url ?? '', server.url));
    expect(await report.text()).toContain('input/cvr/cvr-export.zip');
    const log = await fetch(
      `${server.url}/api/logs/operation-logs/${executed.body.operation_id}/`,
      {
        headers: { authorization: `Bearer ${observer.token}` },
      },
    );
    expect(await log.text()).toMatch(/recount_cvr done/);
    const list = await server.call<{ items: Tool[] }>(
      'GET',
      `/sys-config/action-tools?job_id=${job.id}`,
      {
        token: auditor.token,
      },
    );
    expect(list.body.items[0]).toMatchObject({
      status: 'SUCCESS',
      percent: 100,
      operation_id: executed.body.operation_id,
    });
    expect(list.body.items[0]?.can.reset).toBe(true);
    const stop = await server.call('GET', `/compute/stop/${executed.body.operation_id}`, {
      token: observer.token,
    });
    expect(stop.status).toBe(409);
  });

  it('resets a SUCCESS row through the job-operations reset call: ready again, the run kept', async () => {
    type Reset = { message: string; tool: Tool };
    const reset = (id: string, token = auditor.token) =>
      server.call<Reset>('GET', `/job-operations/refresh/${id}`, { token });
    const refused = await reset(runId, observer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: M.auditorOnlyReset });

    const done = await reset(runId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe('Operation has been reset');
    expect(done.body.tool).toMatchObject({
      row_number: tool.row_number,
      status: 'unbuilt-ready',
      percent: 0,
      operation_id: null,
      logs: '',
      reports: [],
      downloads: [],
    });
    expect(done.body.tool.can).toMatchObject({ run: true, reset: false, stop: false });
    const list = await server.call<{ items: Tool[] }>(
      'GET',
      `/sys-config/action-tools?job_id=${job.id}`,
      { token: observer.token },
    );
    expect(list.body.items[0]).toMatchObject({ status: 'unbuilt-ready', operation_id: null });
    // The run stays as it ended, with its report and log, by its operation_id.
    const kept = await server.call<ComputeStatus>('GET', `/compute/status/${runId}`, {
      token: auditor.token,
    });
    expect(kept.body).toMatchObject({ status: 'SUCCESS', operation_id: runId });
    const twice = await reset(runId);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: M.toolRunNotShown });

    // Run again: the row follows the new run; the Admin (acting as Auditor) resets it.
    const again = await server.call<{ operation_id: string }>('POST', '/compute/tools-execute', {
      token: auditor.token,
      body: { op: 'recount_cvr', job_id: job.id, row_number: tool.row_number },
    });
    expect((await finish(again.body.operation_id)).status).toBe('SUCCESS');
    const byAdmin = await reset(again.body.operation_id, admin.token);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.tool.status).toBe('unbuilt-ready');

    // A run outside any row (no row_number) has no row to reset.
    const loose = await server.call<{ operation_id: string }>('POST', '/compute/tools-execute', {
      token: auditor.token,
      body: { op: 'recount_cvr', job_id: job.id },
    });
    await finish(loose.body.operation_id);
    expect((await reset(loose.body.operation_id)).body).toEqual({ error: M.toolRunNotShown });
    expect((await reset('4a1f2c3e-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('answers a run that has not written its log yet with an empty log, and a finished run without one with 404', async () => {
    const { db } = server.deps.database;
    const readLog = (id: string) =>
      fetch(`${server.url}/api/logs/operation-logs/${id}/`, {
        headers: { authorization: `Bearer ${observer.token}` },
      });
    const running = randomUUID();
    const failed = randomUUID();
    await db.insert(toolRuns).values([
      {
        id: running,
        jobId: job.id,
        op: 'recount_cvr',
        operands: {},
        status: 'RUNNING',
        folder: `tool-runs/${running}`,
      },
      {
        id: failed,
        jobId: job.id,
        op: 'recount_cvr',
        operands: {},
        status: 'FAILURE',
        folder: `tool-runs/${failed}`,
      },
    ]);
    const early = await readLog(running);
    expect(early.status).toBe(200);
    expect(await early.text()).toBe('');
    const missing = await readLog(failed);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: M.logNotFound });
    // A stranger to the job reads no log at all, written or not.
    const stranger = await createAccount(server);
    const refused = await fetch(`${server.url}/api/logs/operation-logs/${running}/`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.status).toBe(404);
  });

  it('exports a stage folder as a zip download', async () => {
    const executed = await server.call<{ operation_id: string }>('POST', '/compute/tools-execute', {
      token: auditor.token,
      body: { op: 'export_stage', job_id: job.id, stage: 'precheck' },
    });
    const done = await finish(executed.body.operation_id);
    expect(done.status).toBe('SUCCESS');
    expect(done.downloads.map((d) => d.text)).toEqual(['precheck outputs (zip)']);
    const zip = await fetch(new URL(done.downloads[0]?.url ?? '', server.url));
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
  });

  it('checks operands and who runs before anything is queued', async () => {
    const call = (token: string, body: Record<string, unknown>) =>
      server.call('POST', '/compute/tools-execute', { token, body });
    expect((await call(observer.token, { op: 'recount_cvr', job_id: job.id })).status).toBe(403);
    expect((await call(auditor.token, { op: 'bash', job_id: job.id })).body).toEqual({
      error: M.unknownToolFunction('bash'),
    });
    expect((await call(auditor.token, { op: 'recount_cvr' })).body).toEqual({
      error: 'job_id: Required.',
    });
    const badStage = await call(auditor.token, {
      op: 'export_stage',
      job_id: job.id,
      stage: 'nope',
    });
    expect(badStage.status).toBe(400);
    expect((badStage.body as { error: string }).error).toMatch(
      /^api_operands: stage: Must be one of/,
    );
    const escape = await call(auditor.token, {
      op: 'rescan_archive',
      job_id: job.id,
      archive: '../x.zip',
    });
    expect((escape.body as { error: string }).error).toBe(
      'api_operands: archive: Must be a file name.',
    );
    expect(
      (
        await server.call('GET', '/compute/status/4a1f2c3e-0000-4000-8000-000000000000', {
          token: auditor.token,
        })
      ).status,
    ).toBe(404);
  });
});
