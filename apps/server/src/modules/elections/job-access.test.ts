import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditJob, Election } from '@scrutineer/contracts';
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
let permitted: Account;
let stranger: Account;
let election: Election;
let other: Election;
let job: AuditJob;

beforeAll(async () => {
  server = await startTestServer();
  [admin, auditor, permitted, stranger] = await Promise.all([
    createAccount(server, { role: 'Admin' }),
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
  ]);
  const district = await createDistrict(server, auditor.token);
  election = await createElection(server, auditor.token, district.id, { privacy: 'Closed' });
  other = await createElection(server, auditor.token, district.id, { privacy: 'Closed' });
  job = await createJob(server, auditor.token, election.id, { name: 'Permitted job' });
  await createJob(server, auditor.token, other.id, { name: 'Other job' });
  const saved = await server.call('PUT', `/save-audit-permission/${permitted.id}`, {
    token: admin.token,
    body: { permissions: [{ jobid: job.id, fullRange: true }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => server.close());

describe('GET /elections/{id} for a person given a job by the Admin', () => {
  it("reads the job's election as an Observer who may change nothing", async () => {
    const opened = await server.call<AuditJob>('GET', `/audit-jobs/${job.id}`, {
      token: permitted.token,
    });
    expect(opened.status).toBe(200);
    const answer = await server.call<Election>('GET', `/elections/${election.id}`, {
      token: permitted.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      id: election.id,
      name: election.name,
      role: 'Observer',
      can: { update: false, delete: false },
    });
  });

  it('refuses changes to that election', async () => {
    const update = await server.call('PUT', `/elections/${election.id}`, {
      token: permitted.token,
      body: { name: election.name, description: 'Changed by someone given one job' },
    });
    expect(update.status).toBe(403);
    const remove = await server.call('DELETE', `/elections/${election.id}`, {
      token: permitted.token,
    });
    expect(remove.status).toBe(403);
  });

  it('still hides elections of jobs not given, and every election from strangers', async () => {
    const notGiven = await server.call('GET', `/elections/${other.id}`, {
      token: permitted.token,
    });
    expect(notGiven.status).toBe(404);
    const byStranger = await server.call('GET', `/elections/${election.id}`, {
      token: stranger.token,
    });
    expect(byStranger.status).toBe(404);
  });

  it('ends with the permission: once the Admin takes the job back the election is hidden', async () => {
    const cleared = await server.call('PUT', `/save-audit-permission/${permitted.id}`, {
      token: admin.token,
      body: { permissions: [] },
    });
    expect(cleared.status).toBe(200);
    const answer = await server.call('GET', `/elections/${election.id}`, {
      token: permitted.token,
    });
    expect(answer.status).toBe(404);
  });
});
