import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, encodePassword, MESSAGES, type AdminUser } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'Admin' });
  adminToken = admin.session.access_token;
});
afterAll(async () => server.close());

type Page = { items: AdminUser[]; total: number };
type Saved = { message: string; user: AdminUser };

describe('admin user lists', () => {
  it('lists active users with search, hides system accounts, and lists inactive ones apart', async () => {
    const person = await createUser(server);
    const system = await createUser(server);
    await server.deps.database.executeSql('UPDATE users SET is_system = true WHERE id = $1', [
      system.id,
    ]);
    const active = await server.call<Page>('GET', `/users?search=${person.email}`, {
      token: adminToken,
    });
    expect(active.status).toBe(200);
    expect(active.body.items.map((u) => u.email)).toEqual([person.email]);
    expect(active.body.items[0]).toMatchObject({ active: true, test_job: false, fullAuth: false });

    const hidden = await server.call<Page>('GET', `/users-Active?search=${system.email}`, {
      token: adminToken,
    });
    expect(hidden.body.total).toBe(0);
    expect(
      (await server.call('GET', `/user-details/${system.id}`, { token: adminToken })).status,
    ).toBe(404);

    await server.call('DELETE', `/users/${person.id}`, { token: adminToken });
    const inactive = await server.call<Page>('GET', '/users-Inactive', { token: adminToken });
    expect(inactive.body.items.map((u) => u.email)).toContain(person.email);
    const stillActive = await server.call<Page>('GET', `/users?search=${person.email}`, {
      token: adminToken,
    });
    expect(stillActive.body.total).toBe(0);
  });

  it('refuses an unknown status and a page size above 100', async () => {
    const status = await server.call('GET', '/users-Pending', { token: adminToken });
    expect(status.status).toBe(400);
    expect(status.body.error).toMatch(/^status:/);
    const size = await server.call('GET', '/users?page_size=101', { token: adminToken });
    expect(size.status).toBe(400);
    expect(size.body.error).toMatch(/^page_size:/);
  });
});

describe('editing a user', () => {
  it('changes role, zip code, country and state but never names, e-mail or phone', async () => {
    const person = await createUser(server);
    const answer = await server.call<Saved>('PUT', `/users/${person.id}`, {
      token: adminToken,
      body: {
        role: 'Client',
        zip_code: '94110',
        country: 'us',
        state: 'ny',
        first_name: 'Changed',
        email: 'other@example.org',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(ADMIN_MESSAGES.userUpdated);
    expect(answer.body.user).toMatchObject({
      role: 'Client',
      zip_code: '94110',
      country: 'US',
      state: 'NY',
      first_name: 'Test',
      email: person.email,
    });
    const abroad = await server.call<Saved>('PUT', `/users/${person.id}`, {
      token: adminToken,
      body: { role: 'User', zip_code: '', country: 'DE', state: 'Bayern' },
    });
    expect(abroad.body.user).toMatchObject({ country: 'DE', state: 'Bayern' });
  });

  it('answers each validation message', async () => {
    const person = await createUser(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'King', country: 'US', state: 'CA' }, 'role:'],
      [
        { role: 'User', country: 'US', state: 'CA', zip_code: '9A' },
        `zip_code: ${MESSAGES.invalidValue}`,
      ],
      [{ role: 'User', country: '', state: 'CA' }, `country: ${MESSAGES.required}`],
      [{ role: 'User', country: 'ZZ', state: 'CA' }, `country: ${ADMIN_MESSAGES.country}`],
      [{ role: 'User', country: 'US', state: 'Atlantis' }, `state: ${ADMIN_MESSAGES.usState}`],
      [{ role: 'User', country: 'US', state: '' }, `state: ${MESSAGES.required}`],
    ];
    for (const [body, message] of cases) {
      const answer = await server.call('PUT', `/users/${person.id}`, { token: adminToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    const own = await server.call('PUT', `/users/${admin.id}`, {
      token: adminToken,
      body: { role: 'User', country: 'US', state: 'CA' },
    });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(ADMIN_MESSAGES.ownAccount);
    const missing = await server.call('PUT', '/users/999999', {
      token: adminToken,
      body: { role: 'User', country: 'US', state: 'CA' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('the six flags', () => {
  it('sets the flags sent and keeps the others; the user sees them in their profile', async () => {
    const person = await createUser(server);
    const first = await server.call<Saved>('PUT', `/update-permission/${person.id}`, {
      token: adminToken,
      body: { test_job: true, run_audit: true, fullAuth: true },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(ADMIN_MESSAGES.permissionUpdated);
    const second = await server.call<Saved>('PUT', `/update-permission/${person.id}`, {
      token: adminToken,
      body: { fullAuth: false, project_permission: true },
    });
    expect(second.body.user).toMatchObject({
      test_job: true,
      run_audit: true,
      fullAuth: false,
      project_permission: true,
      run_adjudicator: false,
      run_targetmapper: false,
    });
    const profile = await server.call('GET', '/profile', { token: person.session.access_token });
    expect(profile.body).toMatchObject({ test_job: true, project_permission: true });
    const bad = await server.call('PUT', `/update-permission/${person.id}`, {
      token: adminToken,
      body: { test_job: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^test_job:/);
  });
});

describe('deactivation', () => {
  it("refuses a deactivated user's existing token on the next call and their sign-in", async () => {
    const person = await createUser(server);
    const token = person.session.access_token;
    expect((await server.call('GET', '/profile', { token })).status).toBe(200);

    const off = await server.call<Saved>('DELETE', `/users/${person.id}`, { token: adminToken });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(ADMIN_MESSAGES.userDeactivated);
    expect(off.body.user.active).toBe(false);

    const refused = await server.call('GET', '/profile', { token });
    expect(refused.status).toBe(401);
    const refresh = await server.call('POST', '/auth/refresh', {
      body: { refresh_token: person.session.refresh_token },
    });
    expect(refresh.status).toBe(401);
    const signIn = await server.call('POST', '/auth/sign-in', {
      body: { email: person.email, password: encodePassword(person.password) },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toBe(MESSAGES.accountInactive);

    const again = await server.call('DELETE', `/users/${person.id}`, { token: adminToken });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ADMIN_MESSAGES.alreadyInactive);

    const on = await server.call<Saved>('PUT', `/users-activate/${person.id}`, {
      token: adminToken,
    });
    expect(on.body.message).toBe(ADMIN_MESSAGES.userActivated);
    // Reactivation does not revive the old token; a fresh sign-in works.
    expect((await server.call('GET', '/profile', { token })).status).toBe(401);
    const back = await server.call('POST', '/auth/sign-in', {
      body: { email: person.email, password: encodePassword(person.password) },
    });
    expect(back.status).toBe(200);
    const twice = await server.call('PUT', `/users-activate/${person.id}`, { token: adminToken });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(ADMIN_MESSAGES.alreadyActive);
  });

  it('deletes only an inactive user for good, and never the caller', async () => {
    const person = await createUser(server);
    const early = await server.call('DELETE', `/users-Inactive/${person.id}`, {
      token: adminToken,
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(ADMIN_MESSAGES.deleteActiveUser);
    await server.call('DELETE', `/users/${person.id}`, { token: adminToken });
    const gone = await server.call('DELETE', `/users-Inactive/${person.id}`, {
      token: adminToken,
    });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(ADMIN_MESSAGES.userDeleted);
    expect(
      (await server.call('GET', `/user-details/${person.id}`, { token: adminToken })).status,
    ).toBe(404);
    const self = await server.call('DELETE', `/users/${admin.id}`, { token: adminToken });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe(ADMIN_MESSAGES.ownAccount);
  });
});

describe('refusals', () => {
  it('refuses every user route to a non-Admin with 403 and to the anonymous with 401', async () => {
    const person = await createUser(server);
    const target = await createUser(server);
    const routes: [string, string, unknown?][] = [
      ['GET', '/users'],
      ['GET', '/users-Active'],
      ['GET', '/users-Inactive'],
      ['GET', `/user-details/${target.id}`],
      ['PUT', `/users/${target.id}`, { role: 'Admin', country: 'US', state: 'CA' }],
      ['PUT', `/update-permission/${target.id}`, { test_job: true }],
      ['DELETE', `/users/${target.id}`],
      ['PUT', `/users-activate/${target.id}`],
      ['DELETE', `/users-Inactive/${target.id}`],
    ];
    for (const role of ['User', 'Client', 'Oberver', 'Sponsore']) {
      await server.deps.database.executeSql('UPDATE users SET role = $1 WHERE id = $2', [
        role,
        person.id,
      ]);
      for (const [method, path, body] of routes) {
        const answer = await server.call(method, path, {
          token: person.session.access_token,
          ...(body ? { body } : {}),
        });
        expect(answer.status, `${role} ${method} ${path}`).toBe(403);
        expect(answer.body).toEqual({ error: MESSAGES.adminOnly });
      }
    }
    for (const [method, path, body] of routes) {
      expect((await server.call(method, path, body ? { body } : {})).status).toBe(401);
    }
    const unchanged = await server.call<AdminUser>('GET', `/user-details/${target.id}`, {
      token: adminToken,
    });
    expect(unchanged.body).toMatchObject({ role: 'User', test_job: false, active: true });
  });
});
