import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_PERMISSION_MESSAGES,
  MESSAGES,
  type AuditJob,
  type AuditPermission,
  type JobPermissionRequest,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';

let server: TestServer;
let admin: Account;
let auditor: Account;
let person: Account;
let jobA: AuditJob;
let jobB: AuditJob;

beforeAll(async () => {
  server = await startTestServer();
  [admin, auditor, person] = await Promise.all([
    createAccount(server, { role: 'Admin' }),
    createAccount(server, { role: 'Client' }),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  // Jobs on a Public election are listed for anyone to request.
  const election = await createElection(server, auditor.token, district.id, { privacy: 'Public' });
  jobA = await createJob(server, auditor.token, election.id, { name: 'Job A' });
  jobB = await createJob(server, auditor.token, election.id, { name: 'Job B' });
});
afterAll(async () => server.close());

describe('PUT /save-audit-permission/{id} and GET /audit-permission/{id}', () => {
  it('stores ranges and full-range rows, sets flags, and reads them back', async () => {
    const saved = await server.call<AuditPermission & { message: string }>(
      'PUT',
      `/save-audit-permission/${person.id}`,
      {
        token: admin.token,
        body: {
          id: person.id,
          audit: `${jobA.id},${jobB.id}`,
          election_ids: null,
          permissions: JSON.stringify([
            { jobid: jobA.id, fullRange: true, start: 5, end: 9, page_1: true },
            {
              jobid: jobB.id,
              fullRange: false,
              start: 1,
              end: 10000,
              page_1: true,
              page_2: true,
              page2_start: 1,
              page2_end: 10000,
              style_page_1: [{ start: 1, end: 3 }],
            },
          ]),
          run_audit: true,
          test_job: true,
        },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: JOB_PERMISSION_MESSAGES.saved,
      audit_ids: `${jobA.id},${jobB.id}`,
      run_audit: true,
      test_job: true,
      fullAuth: false,
    });
    expect(saved.body.audits[0]).toMatchObject({
      jobid: jobA.id,
      job_name: 'Job A',
      fullRange: true,
      start: 0,
      end: 0,
      page_1: false,
    });
    expect(saved.body.audits[1]).toMatchObject({
      jobid: jobB.id,
      end: 10000,
      page_2: true,
      page2_end: 10000,
      style_page_1: [{ start: 1, end: 3 }],
    });
    const read = await server.call('GET', `/audit-permission/${person.id}`, { token: admin.token });
    expect(read.body).toEqual({ ...saved.body, message: undefined });
    const own = await server.call<AuditPermission>('GET', '/get-permission', {
      token: person.token,
    });
    expect(own.body.audit_ids).toBe(`${jobA.id},${jobB.id}`);
    // A permitted person with run_audit may run work on the job.
    const job = await server.call<AuditJob>('GET', `/audit-jobs/${jobA.id}`, {
      token: person.token,
    });
    expect(job.body).toMatchObject({ permitted: true, can: { run: true, files: false } });
  });

  it('refuses unknown jobs, reversed ranges, bad JSON and non-Admins', async () => {
    const cases: [unknown, string][] = [
      [[{ jobid: 999999, fullRange: true }], JOB_PERMISSION_MESSAGES.noSuchJob(999999)],
      [[{ jobid: jobA.id, start: 10, end: 2 }], JOB_PERMISSION_MESSAGES.badRange],
      ['not json', 'permissions: Must be a JSON list.'],
    ];
    for (const [permissions, error] of cases) {
      const answer = await server.call('PUT', `/save-audit-permission/${person.id}`, {
        token: admin.token,
        body: { permissions },
      });
      expect(answer).toMatchObject({ status: 400, body: { error } });
    }
    const byUser = await server.call('PUT', `/save-audit-permission/${person.id}`, {
      token: person.token,
      body: { permissions: [] },
    });
    expect(byUser).toMatchObject({ status: 403, body: { error: MESSAGES.adminOnly } });
    const read = await server.call('GET', `/audit-permission/${person.id}`, {
      token: person.token,
    });
    expect(read.status).toBe(403);
  });
});

describe('job-permission requests', () => {
  it('a person asks for jobs; the Admin grants one; the person then opens it', async () => {
    const other = await createAccount(server);
    const none = await server.call('POST', '/job-permission', {
      token: other.token,
      body: { job_ids: '' },
    });
    expect(none).toMatchObject({ status: 400, body: { error: JOB_PERMISSION_MESSAGES.selectJob } });
    const sent = await server.call<JobPermissionRequest & { message: string }>(
      'POST',
      '/job-permission',
      {
        token: other.token,
        body: { job_ids: `${jobA.id},${jobB.id}` },
      },
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      message: JOB_PERMISSION_MESSAGES.requested,
      job_ids: `${jobA.id},${jobB.id}`,
      status: 'Pending',
      jobs: [
        { id: jobA.id, name: 'Job A' },
        { id: jobB.id, name: 'Job B' },
      ],
    });
    const mine = await server.call<{ items: JobPermissionRequest[] }>('GET', '/getjob-permission', {
      token: other.token,
    });
    expect(mine.body.items.map((r) => r.id)).toEqual([sent.body.id]);
    const all = await server.call<{ items: JobPermissionRequest[] }>('GET', '/job-permission', {
      token: admin.token,
    });
    expect(all.body.items.some((r) => r.id === sent.body.id && r.user.email === other.email)).toBe(
      true,
    );
    const notAdmin = await server.call('GET', '/job-permission', { token: other.token });
    expect(notAdmin.status).toBe(403);
    const selfGrant = await server.call('PUT', `/job-permission/${sent.body.id}`, {
      token: other.token,
      body: { job_permission: [{ job_id: jobA.id, accept_permission: true, permission: true }] },
    });
    expect(selfGrant).toMatchObject({ status: 403, body: { error: MESSAGES.adminOnly } });
    for (const [method, path] of [
      ['GET', '/job-permission'],
      ['GET', `/job-permission/${sent.body.id}`],
      ['GET', '/getjob-permission'],
      ['POST', '/job-permission'],
      ['PUT', `/job-permission/${sent.body.id}`],
    ] as const) {
      const body =
        method === 'POST'
          ? { job_ids: `${jobA.id}` }
          : method === 'PUT'
            ? { job_permission: [{ job_id: jobA.id, accept_permission: true }] }
            : undefined;
      const anonymous = await server.call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    const unknownRequest = await server.call('PUT', '/job-permission/999999', {
      token: admin.token,
      body: { job_permission: [{ job_id: jobA.id, accept_permission: true }] },
    });
    expect(unknownRequest.status).toBe(404);
    const notAsked = await server.call('PUT', `/job-permission/${sent.body.id}`, {
      token: admin.token,
      body: { job_permission: [{ job_id: 999999, accept_permission: true }] },
    });
    expect(notAsked).toMatchObject({
      status: 400,
      body: { error: JOB_PERMISSION_MESSAGES.notRequested(999999) },
    });
    const someoneElse = await server.call('GET', `/job-permission/${sent.body.id}`, {
      token: person.token,
    });
    expect(someoneElse.status).toBe(404);

    const unchecked = await server.call('PUT', `/job-permission/${sent.body.id}`, {
      token: admin.token,
      body: {
        id: sent.body.id,
        job_permission: [{ job_id: jobA.id, accept_permission: false, permission: false }],
      },
    });
    expect(unchecked).toMatchObject({
      status: 400,
      body: { error: JOB_PERMISSION_MESSAGES.checkOne },
    });
    const before = await server.call('GET', `/audit-jobs/${jobA.id}`, { token: other.token });
    expect(before.status).toBe(404);
    const answered = await server.call<JobPermissionRequest>(
      'PUT',
      `/job-permission/${sent.body.id}`,
      {
        token: admin.token,
        body: {
          job_permission: [
            { job_id: jobA.id, accept_permission: true, permission: false },
            { job_id: jobB.id, accept_permission: false, permission: false },
          ],
        },
      },
    );
    expect(answered.body).toMatchObject({
      message: JOB_PERMISSION_MESSAGES.updated,
      status: 'Answered',
    });
    const after = await server.call<AuditJob>('GET', `/audit-jobs/${jobA.id}`, {
      token: other.token,
    });
    expect(after.body).toMatchObject({ role: 'Observer', permitted: true, can: { run: false } });
    const notGranted = await server.call('GET', `/audit-jobs/${jobB.id}`, { token: other.token });
    expect(notGranted.status).toBe(404);
    const own = await server.call<AuditPermission>('GET', '/get-permission', {
      token: other.token,
    });
    expect(own.body.audits).toMatchObject([
      { jobid: jobA.id, fullRange: false, start: 1, end: 1000, page_1: true },
    ]);
  });

  it('names only jobs the caller can see, and refuses a request for a hidden one', async () => {
    const asker = await createAccount(server);
    const district = await createDistrict(server, auditor.token);
    const closed = await createElection(server, auditor.token, district.id, { privacy: 'Closed' });
    const hidden = await createJob(server, auditor.token, closed.id, { name: 'Hidden job' });
    const refused = await server.call('POST', '/job-permission', {
      token: asker.token,
      body: { job_ids: [hidden.id] },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: JOB_PERMISSION_MESSAGES.noSuchJob(hidden.id) },
    });

    // A job asked for while public keeps its id but loses its name once it is hidden.
    const open = await createElection(server, auditor.token, district.id, { privacy: 'Public' });
    const later = await createJob(server, auditor.token, open.id, { name: 'Soon closed' });
    const sent = await server.call<JobPermissionRequest>('POST', '/job-permission', {
      token: asker.token,
      body: { job_ids: [later.id] },
    });
    expect(sent.body.jobs).toEqual([{ id: later.id, name: 'Soon closed' }]);
    await server.deps.database.executeSql(`UPDATE elections SET privacy = 'Closed' WHERE id = $1`, [
      open.id,
    ]);
    const mine = await server.call<{ items: JobPermissionRequest[] }>('GET', '/getjob-permission', {
      token: asker.token,
    });
    expect(mine.body.items[0]?.jobs).toEqual([{ id: later.id, name: `Job ${later.id}` }]);
    const one = await server.call<JobPermissionRequest>('GET', `/job-permission/${sent.body.id}`, {
      token: asker.token,
    });
    expect(JSON.stringify(one.body)).not.toContain('Soon closed');
    const all = await server.call<{ items: JobPermissionRequest[] }>('GET', '/job-permission', {
      token: admin.token,
    });
    const seen = all.body.items.find((r) => r.id === sent.body.id);
    expect(seen?.jobs).toEqual([{ id: later.id, name: 'Soon closed' }]);
  });
});
