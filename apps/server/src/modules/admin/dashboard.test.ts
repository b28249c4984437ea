import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MESSAGES, type AdminDashboard } from '@scrutineer/contracts';
import { createAccount, createDistrict, createElection } from '../../test/elections-fixtures.js';
import { createJob } from '../../test/jobs-fixtures.js';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /admin/dashboard', () => {
  it('counts users by role and plan, elections, jobs by status and storage from real rows', async () => {
    const admin = await createAccount(server, { role: 'Admin' });
    await createAccount(server, { plan: 2 });
    await createAccount(server, { role: 'Client', plan: 0 });
    const leaving = await createUser(server);
    await server.call('DELETE', `/users/${leaving.id}`, { token: admin.token });
    const hidden = await createUser(server);
    await server.deps.database.executeSql('UPDATE users SET is_system = true WHERE id = $1', [
      hidden.id,
    ]);
    const district = await createDistrict(server, admin.token);
    const election = await createElection(server, admin.token, district.id);
    await createElection(server, admin.token, district.id, { privacy: 'Closed' });
    await createJob(server, admin.token, election.id);
    await createJob(server, admin.token, election.id, { name: 'Second pass' });
    await server.deps.database.executeSql(
      `INSERT INTO markdown_files (title, file_name, file_type, size, content) VALUES ('Home', 'home.md', 'MarkDown', 12, '# Hello home')`,
    );

    await server.deps.database.executeSql(`INSERT INTO projects (name) VALUES ('Recount fund')`);
    await server.deps.database.executeSql(
      `INSERT INTO manual_donations (project_id, amount_cents, description, created_at)
       SELECT id, amount, 'cheque', at FROM projects,
         (VALUES (2500, timestamptz '2024-03-04'), (1250, timestamptz '2024-03-20'), (10000, timestamptz '2024-05-01')) AS gifts(amount, at)`,
    );

    const answer = await server.call<AdminDashboard>('GET', '/admin/dashboard', {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    const figures = answer.body;
    expect(figures.users.active).toBe(3);
    expect(figures.users.inactive).toBe(1);
    expect(figures.users.by_role).toEqual([
      { role: 'User', count: 2 },
      { role: 'Admin', count: 1 },
      { role: 'Client', count: 1 },
    ]);
    expect(figures.users.by_plan).toEqual([
      { plan: 0, count: 2 },
      { plan: 1, count: 1 },
      { plan: 2, count: 1 },
    ]);
    expect(figures.elections).toEqual({
      total: 2,
      by_privacy: [
        { privacy: 'Closed', count: 1 },
        { privacy: 'Public', count: 1 },
      ],
    });
    expect(figures.districts).toBe(1);
    expect(figures.jobs.total).toBe(2);
    expect(figures.jobs.by_status.reduce((sum, row) => sum + row.count, 0)).toBe(2);
    expect(figures.donations_by_month).toEqual([
      { month: '2024-03', amount: 37.5, count: 2 },
      { month: '2024-05', amount: 100, count: 1 },
    ]);
    expect(figures.storage.markdown_bytes).toBe(12);
    expect(figures.storage.total_bytes).toBe(
      figures.storage.upload_bytes +
        figures.storage.job_file_bytes +
        figures.storage.attachment_bytes +
        12,
    );
  });
});

describe('GET /restart-rds', () => {
  it('recycles the database connections and reports a healthy database that still answers', async () => {
    const admin = await createAccount(server, { role: 'Admin' });
    const answer = await server.call<{ message: string; health: { status: string } }>(
      'GET',
      '/restart-rds',
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(ADMIN_MESSAGES.restarting);
    expect(answer.body.health).toMatchObject({
      status: 'ok',
      database: { reachable: true, kind: server.deps.database.kind },
    });
    // Requests after the recycle run on the new connections.
    const after = await server.call('GET', '/users', { token: admin.token });
    expect(after.status).toBe(200);
    expect((await server.call('GET', '/health')).body).toMatchObject({ status: 'ok' });
  });
});

describe('admin route refusals', () => {
  it('refuses the dashboard and the restart to non-Admins with 403', async () => {
    for (const role of ['User', 'Client', 'Oberver', 'Sponsore']) {
      const person = await createAccount(server, { role });
      for (const path of ['/admin/dashboard', '/restart-rds']) {
        const answer = await server.call('GET', path, { token: person.token });
        expect(answer.status, `${role} ${path}`).toBe(403);
        expect(answer.body).toEqual({ error: MESSAGES.adminOnly });
      }
    }
    expect((await server.call('GET', '/restart-rds')).status).toBe(401);
  });
});
