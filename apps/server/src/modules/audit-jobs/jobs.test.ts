import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, MESSAGES, type AuditJob, type Election } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  countRows,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';

type Page = { items: AuditJob[]; total: number };
type Saved = AuditJob & { message: string };

let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let admin: Account;
let publicElection: Election;
let closedElection: Election;
let openElection: Election;

beforeAll(async () => {
  server = await startTestServer();
  [auditor, uploader, observer, stranger, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
    createAccount(server, { role: 'Admin' }),
  ]);
  const district = await createDistrict(server, auditor.token);
  publicElection = await createElection(server, auditor.token, district.id, {
    name: 'Public vote',
  });
  closedElection = await createElection(server, auditor.token, district.id, {
    name: 'Closed vote',
    privacy: 'Closed',
  });
  openElection = await createElection(server, auditor.token, district.id, {
    name: 'Open vote',
    privacy: 'Open',
  });
  for (const election of [publicElection, closedElection, openElection]) {
    await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
    await addToElection(server, auditor.token, election.id, observer, 'Observer');
  }
});
afterAll(async () => server.close());

describe('POST /audit-jobs', () => {
  it('creates a job on the election; the creator is its Auditor and the job folder is set', async () => {
    const answer = await server.call<Saved>('POST', '/audit-jobs', {
      token: auditor.token,
      body: {
        name: 'Recount check',
        description: 'Compare images with CVR',
        election_id: publicElection.id,
        users: [auditor.id],
        lastUpdated: new Date().toISOString(),
        is_test: 'False',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: JOB_MESSAGES.created,
      name: 'Recount check',
      role: 'Auditor',
      is_test: 'False',
      users: [auditor.id],
      election: { id: publicElection.id, name: 'Public vote', privacy: 'Public' },
      can: { update: true, delete: true, files: true, run: true },
    });
    expect(answer.body.address).toBe(`jobs/${answer.body.id}`);
    expect(
      await countRows(
        server,
        "SELECT count(*) FROM events WHERE subject_type = 'audit_job' AND action = 'create' AND subject_id = $1",
        [String(answer.body.id)],
      ),
    ).toBe(1);
  });

  it('refuses an empty name, an Uploader of the election, and a test job without the flag', async () => {
    const empty = await server.call('POST', '/audit-jobs', {
      token: auditor.token,
      body: { name: ' ', election_id: publicElection.id },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: `name: ${MESSAGES.required}` });
    const byUploader = await server.call('POST', '/audit-jobs', {
      token: uploader.token,
      body: { name: 'Mine', election_id: publicElection.id },
    });
    expect(byUploader).toMatchObject({
      status: 403,
      body: { error: JOB_MESSAGES.electionAuditorOnly },
    });
    const test = await server.call('POST', '/audit-jobs', {
      token: auditor.token,
      body: { name: 'Trial', election_id: publicElection.id, is_test: 'True' },
    });
    expect(test).toMatchObject({ status: 403, body: { error: JOB_MESSAGES.testJobFlag } });
    const unseen = await server.call('POST', '/audit-jobs', {
      token: stranger.token,
      body: { name: 'Mine', election_id: publicElection.id },
    });
    expect(unseen.status).toBe(404);
  });
});

describe('GET /audit-jobs/{id}: roles and the Observer rule', () => {
  it('gives each member their election role; an Uploader may handle files but not delete', async () => {
    const job = await createJob(server, auditor.token, publicElection.id);
    const asUploader = await server.call<AuditJob>('GET', `/audit-jobs/${job.id}`, {
      token: uploader.token,
    });
    expect(asUploader.body).toMatchObject({
      role: 'Uploader',
      can: { update: false, delete: false, files: true, run: false },
    });
    const asAdmin = await server.call<AuditJob>('GET', `/audit-jobs/${job.id}`, {
      token: admin.token,
    });
    expect(asAdmin.body.role).toBe('Auditor');
  });

  it('lets an Observer open a job only on an Open election', async () => {
    const closedJob = await createJob(server, auditor.token, closedElection.id);
    const openJob = await createJob(server, auditor.token, openElection.id);
    const closed = await server.call('GET', `/audit-jobs/${closedJob.id}`, {
      token: observer.token,
    });
    expect(closed).toMatchObject({ status: 403, body: { error: JOB_MESSAGES.observerClosed } });
    const open = await server.call<AuditJob>('GET', `/audit-jobs/${openJob.id}`, {
      token: observer.token,
    });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ role: 'Observer', can: { files: false, delete: false } });
  });

  it('hides a job from a person with no role and no per-job permission, until the Admin grants one', async () => {
    const job = await createJob(server, auditor.token, closedElection.id);
    const before = await server.call('GET', `/audit-jobs/${job.id}`, { token: stranger.token });
    expect(before.status).toBe(404);
    const grant = await server.call('PUT', `/save-audit-permission/${stranger.id}`, {
      token: admin.token,
      body: { permissions: JSON.stringify([{ jobid: job.id, fullRange: true }]) },
    });
    expect(grant.status).toBe(200);
    const after = await server.call<AuditJob>('GET', `/audit-jobs/${job.id}`, {
      token: stranger.token,
    });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ role: 'Observer', permitted: true, can: { run: false } });
    const list = await server.call<Page>('GET', '/audit-jobs', { token: stranger.token });
    expect(list.body.items.map((j) => j.id)).toEqual([job.id]);
    await server.call('PUT', `/save-audit-permission/${stranger.id}`, {
      token: admin.token,
      body: { permissions: '[]' },
    });
    const revoked = await server.call('GET', `/audit-jobs/${job.id}`, { token: stranger.token });
    expect(revoked.status).toBe(404);
  });

  it('keeps a User without a plan out', async () => {
    const planless = await createAccount(server, { plan: 0 });
    const answer = await server.call('GET', '/audit-jobs', { token: planless.token });
    expect(answer).toMatchObject({ status: 403, body: { error: MESSAGES.noPermission } });
  });
});

describe('GET /audit-jobs', () => {
  it('searches, filters by election and district, and keeps test jobs in the test list', async () => {
    const district = await createDistrict(server, auditor.token);
    const election = await createElection(server, auditor.token, district.id, { name: 'Runoff' });
    await createJob(server, auditor.token, election.id, { name: 'Runoff images' });
    await createJob(server, auditor.token, election.id, {
      name: 'Runoff styles',
      description: 'templates',
    });
    await server.deps.database.executeSql('UPDATE users SET test_job = true WHERE id = $1', [
      auditor.id,
    ]);
    const trial = await createJob(server, auditor.token, election.id, {
      name: 'Trial',
      is_test: true,
    });
    const byElection = await server.call<Page>(
      `GET`,
      `/audit-jobs?election_id=${election.id}&sort=name&order=asc`,
      {
        token: auditor.token,
      },
    );
    expect(byElection.body.items.map((j) => j.name)).toEqual(['Runoff images', 'Runoff styles']);
    const search = await server.call<Page>(
      'GET',
      `/audit-jobs?search=templates&election_id=${election.id}`,
      {
        token: auditor.token,
      },
    );
    expect(search.body.items.map((j) => j.name)).toEqual(['Runoff styles']);
    const byDistrict = await server.call<Page>(
      'GET',
      `/audit-jobs?districtName=${encodeURIComponent(district.district_name)}`,
      { token: auditor.token },
    );
    expect(byDistrict.body.total).toBe(2);
    const tests = await server.call<Page>(
      'GET',
      `/audit-jobs?test=true&election_id=${election.id}`,
      {
        token: auditor.token,
      },
    );
    expect(tests.body.items.map((j) => j.id)).toEqual([trial.id]);
    expect(tests.body.items[0]?.is_test).toBe('True');
    const refused = await server.call('GET', '/audit-jobs?test=true', { token: uploader.token });
    expect(refused).toMatchObject({ status: 403, body: { error: JOB_MESSAGES.testJobFlag } });
    const hidden = await server.call('GET', `/audit-jobs/${trial.id}`, { token: uploader.token });
    expect(hidden.status).toBe(404);
  });

  it('does not list jobs an Observer may not open', async () => {
    const list = await server.call<Page>('GET', '/audit-jobs?page_size=100', {
      token: observer.token,
    });
    expect(list.body.items.every((j) => j.election.privacy === 'Open')).toBe(true);
    expect(list.body.items.length).toBeGreaterThan(0);
  });
});

describe('PUT /audit-jobs/{id}', () => {
  it('lets the Auditor rename; refuses an Uploader, a changed election, and donations from a non-Admin', async () => {
    const job = await createJob(server, auditor.token, publicElection.id);
    const renamed = await server.call<Saved>('PUT', `/audit-jobs/${job.id}`, {
      token: auditor.token,
      body: {
        id: job.id,
        name: 'Renamed',
        description: 'New words',
        election_id: publicElection.id,
      },
    });
    expect(renamed.body).toMatchObject({
      message: JOB_MESSAGES.updated,
      name: 'Renamed',
      description: 'New words',
    });
    const byUploader = await server.call('PUT', `/audit-jobs/${job.id}`, {
      token: uploader.token,
      body: { name: 'Mine' },
    });
    expect(byUploader).toMatchObject({
      status: 403,
      body: { error: JOB_MESSAGES.auditorOnlyEdit },
    });
    const moved = await server.call('PUT', `/audit-jobs/${job.id}`, {
      token: auditor.token,
      body: { name: 'Renamed', election_id: closedElection.id },
    });
    expect(moved).toMatchObject({ status: 400, body: { error: JOB_MESSAGES.electionLocked } });
    const donation = await server.call('PUT', `/audit-jobs/${job.id}`, {
      token: auditor.token,
      body: { request_donate: 500 },
    });
    expect(donation).toMatchObject({
      status: 403,
      body: { error: JOB_MESSAGES.adminOnlyDonation },
    });
  });

  it('lets an Admin set the requested donation and add received amounts, with the spec rule', async () => {
    const job = await createJob(server, auditor.token, openElection.id);
    const set = await server.call<Saved>('PUT', `/audit-jobs/${job.id}`, {
      token: admin.token,
      body: { request_donate: 200, received_donation: 50 },
    });
    expect(set.body).toMatchObject({
      message: JOB_MESSAGES.donationUpdated,
      request_donate: 200,
      received_donation: 50,
      progress: 25,
    });
    const tooMuch = await server.call('PUT', `/audit-jobs/${job.id}`, {
      token: admin.token,
      body: { received_donation: 251 },
    });
    expect(tooMuch).toMatchObject({ status: 400, body: { error: JOB_MESSAGES.donationTooLarge } });
    const open = await server.call<{ items: { id: number; progress: number }[] }>(
      'GET',
      '/get-audit',
    );
    expect(open.body.items.find((j) => j.id === job.id)?.progress).toBe(25);
    const one = await server.call('GET', `/get-singleaudit/${job.id}`);
    expect(one.body).toMatchObject({ id: job.id, received_donation: 50 });
  });
});

describe('DELETE /audit-jobs/{id}', () => {
  it('refuses an Uploader and deletes for the Auditor', async () => {
    const job = await createJob(server, auditor.token, publicElection.id);
    const byUploader = await server.call('DELETE', `/audit-jobs/${job.id}`, {
      token: uploader.token,
    });
    expect(byUploader).toMatchObject({
      status: 403,
      body: { error: JOB_MESSAGES.auditorOnlyDelete },
    });
    const gone = await server.call('DELETE', `/audit-jobs/${job.id}`, { token: auditor.token });
    expect(gone).toMatchObject({ status: 200, body: { message: JOB_MESSAGES.deleted } });
    const after = await server.call('GET', `/audit-jobs/${job.id}`, { token: auditor.token });
    expect(after.status).toBe(404);
    const closedPublic = await server.call('GET', `/get-singleaudit/${job.id}`);
    expect(closedPublic.status).toBe(404);
  });

  it('does not show jobs of Closed elections publicly', async () => {
    const job = await createJob(server, auditor.token, closedElection.id);
    const answer = await server.call('GET', `/get-singleaudit/${job.id}`);
    expect(answer.status).toBe(404);
  });
});
