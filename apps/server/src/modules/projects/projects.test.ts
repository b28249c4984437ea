import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUNDING_MESSAGES,
  FIELD_MESSAGES,
  MESSAGES,
  type Project,
  type PaymentSession,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import {
  createProject,
  grantProjectPermission,
  submitLocalCheckout,
} from '../../test/funding-fixtures.js';

let server: TestServer;
let manager: Account;
let user: Account;
let admin: Account;

beforeAll(async () => {
  server = await startTestServer();
  [manager, user, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server, { role: 'Admin' }),
  ]);
  await grantProjectPermission(server, manager.id);
});

afterAll(async () => {
  await server.close();
});

describe('projects', () => {
  it('creates a project with project_permission, parsing the MM-DD-YYYY date', async () => {
    const answer = await server.call<{ message: string; project: Project }>('POST', '/projects', {
      token: manager.token,
      body: {
        name: 'Fulton Recount',
        description: 'Hand count',
        election_date: '11-03-2026',
        donation_target: 2500,
        pro_intro: 'Intro',
        avaliblity: 'Public',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Project Created');
    expect(answer.body.project).toMatchObject({
      name: 'Fulton Recount',
      election_date: '2026-11-03',
      country: 'US',
      donation_target: 2500,
      pro_intro: 'Intro',
      project_intro: 'Intro',
      received_donation: 0,
      progress: 0,
      avaliblity: 'Public',
      can: { update: true },
    });
  });

  it('refuses a User without project_permission, and a visitor', async () => {
    const refused = await server.call('POST', '/projects', {
      token: user.token,
      body: { name: 'Mine' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: FUNDING_MESSAGES.projectPermissionOnly });
    const visitor = await server.call('POST', '/projects', { body: { name: 'Mine' } });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: MESSAGES.signInRequired });
    const project = await createProject(server, manager.token);
    const edit = await server.call('PUT', `/projects/${project.id}`, {
      token: user.token,
      body: { name: 'Taken over' },
    });
    expect(edit.status).toBe(403);
  });

  it('validates name, date, target and duplicate names', async () => {
    const noName = await server.call('POST', '/projects', {
      token: manager.token,
      body: { name: ' ' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ error: 'name: Required.' });
    const badDate = await server.call('POST', '/projects', {
      token: manager.token,
      body: { name: 'Dated', election_date: '13-45-2026' },
    });
    expect(badDate.status).toBe(400);
    expect(String(badDate.body.error)).toContain('MM-DD-YYYY');
    const badTarget = await server.call('POST', '/projects', {
      token: manager.token,
      body: { name: 'Target', donation_target: -5 },
    });
    expect(badTarget).toMatchObject({
      status: 400,
      body: { error: `donation_target: ${FIELD_MESSAGES.notNegative}` },
    });
    const first = await createProject(server, manager.token, { name: 'Unique Name' });
    const again = await server.call('POST', '/projects', {
      token: manager.token,
      body: { name: 'unique name' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: FUNDING_MESSAGES.projectNameTaken });
    expect(first.name).toBe('Unique Name');
  });

  it('updates by name, adopts elections, and lists them on the project page', async () => {
    const district = await createDistrict(server, manager.token);
    const election = await createElection(server, manager.token, district.id, {
      name: 'Adopted vote',
    });
    const project = await createProject(server, manager.token, { name: 'Adopting' });
    const updated = await server.call<{ message: string; project: Project }>(
      'PUT',
      '/projects/Adopting',
      {
        token: manager.token,
        body: {
          name: 'Adopting',
          election_ids: String(election.id),
          donation_target: 100,
          avaliblity: 'Public',
        },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Project Updated');
    expect(updated.body.project.election_ids).toBe(String(election.id));
    const listed = await server.call<{ elections: { id: number; role: string | null }[] }>(
      'GET',
      `/projects/${project.id}/elections`,
      { token: manager.token },
    );
    expect(listed.body.elections.map((row) => row.id)).toEqual([election.id]);
    expect(listed.body.elections[0]?.role).toBe('Auditor');
    const missing = await server.call('PUT', '/projects/Adopting', {
      token: manager.token,
      body: { name: 'Adopting', election_ids: '999999' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: FUNDING_MESSAGES.electionNotFound });
    const cleared = await server.call<{ project: Project }>('PUT', `/projects/${project.id}`, {
      token: manager.token,
      body: { name: 'Adopting', election_ids: '' },
    });
    expect(cleared.body.project.election_ids).toBe('');
  });

  it('shows visitors active Public projects only, and searches', async () => {
    await createProject(server, manager.token, { name: 'Visible Zebra' });
    await createProject(server, manager.token, { name: 'Private Zebra', avaliblity: 'Private' });
    await createProject(server, manager.token, { name: 'Sleeping Zebra', active: false });
    const visitor = await server.call<{ projects: Project[]; can: { create: boolean } }>(
      'GET',
      '/projects?search=zebra',
    );
    expect(visitor.body.projects.map((p) => p.name)).toEqual(['Visible Zebra']);
    expect(visitor.body.can.create).toBe(false);
    const member = await server.call<{ projects: Project[] }>('GET', '/projects?search=zebra', {
      token: user.token,
    });
    expect(member.body.projects.map((p) => p.name)).toEqual(['Private Zebra', 'Visible Zebra']);
    const managerView = await server.call<{ projects: Project[]; can: { create: boolean } }>(
      'GET',
      '/projects?search=zebra',
      { token: manager.token },
    );
    expect(managerView.body.projects).toHaveLength(3);
    expect(managerView.body.can.create).toBe(true);
    const hidden = await server.call('GET', '/projects/Private%20Zebra');
    expect(hidden.status).toBe(404);
  });
});

describe('offline donations and donors', () => {
  it('lets an Admin record an offline donation that moves the received total', async () => {
    const project = await createProject(server, manager.token, { donation_target: 1000 });
    const saved = await server.call<{ message: string; received_donation: number }>(
      'POST',
      '/manually-payment',
      {
        token: admin.token,
        body: { price: 250, project_id: project.id, description: 'Cheque 1001' },
      },
    );
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Manually donation save successfully');
    expect(saved.body.received_donation).toBe(250);
    const page = await server.call<Project>('GET', `/projects/${project.id}`);
    expect(page.body.received_donation).toBe(250);
    expect(page.body.progress).toBe(25);
    const list = await server.call<{ donations: { price: number; description: string }[] }>(
      'GET',
      `/get-manually-donation/${project.id}`,
      { token: admin.token },
    );
    expect(list.body.donations).toEqual([
      expect.objectContaining({ price: 250, description: 'Cheque 1001' }),
    ]);
  });

  it('refuses a User recording an offline donation, and an empty amount', async () => {
    const project = await createProject(server, manager.token);
    const refused = await server.call('POST', '/manually-payment', {
      token: user.token,
      body: { price: 10, project_id: project.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: MESSAGES.adminOnly });
    const listRefused = await server.call('GET', `/get-manually-donation/${project.id}`, {
      token: manager.token,
    });
    expect(listRefused.status).toBe(403);
    const empty = await server.call('POST', '/manually-payment', {
      token: admin.token,
      body: { price: '', project_id: project.id },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'price: Please Enter amount' });
  });

  it('lists donors who chose to be listed, with search, and keeps private ones out', async () => {
    const project = await createProject(server, manager.token);
    for (const [access, name] of [
      [1, 'Listed Lee'],
      [0, 'Quiet Quinn'],
    ] as const) {
      const session = await server.call<PaymentSession>('POST', '/payment-session', {
        body: { project_id: project.id, price: 25, access, host: 'http://scrutineer.test' },
      });
      expect(session.status).toBe(200);
      const paid = await submitLocalCheckout(server, session.body, { name: name, state: 'OH' });
      expect(paid.status).toBe(303);
    }
    const donors = await server.call<{ donors: { price: number; name: string; state: string }[] }>(
      'GET',
      `/projects/${project.id}/donors`,
    );
    expect(donors.body.donors).toEqual([{ price: 25, name: 'Listed Lee', state: 'OH' }]);
    const searched = await server.call<{ donors: unknown[] }>(
      'GET',
      `/projects/${project.id}/donors?search=nobody`,
    );
    expect(searched.body.donors).toEqual([]);
    const page = await server.call<Project>('GET', `/projects/${project.id}`);
    expect(page.body.received_donation).toBe(50);
  });
});
