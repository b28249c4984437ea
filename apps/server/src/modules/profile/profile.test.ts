import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, MESSAGES } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET and PUT /profile', () => {
  it('refuses callers without a session', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { first_name: 'a', last_name: 'b', email: 'c@example.org' }],
    ] as const) {
      const answer = await server.call(method, '/profile', { body });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: MESSAGES.signInRequired });
    }
  });

  it('updates names and phone number, mails the new e-mail a link, and records the change', async () => {
    const user = await createUser(server);
    const token = user.session.access_token;
    const answer = await server.call('PUT', '/profile', {
      token,
      body: {
        first_name: 'Frances',
        last_name: 'Allen',
        email: 'frances@example.org',
        phone_number: '555-0199',
        role: 'User',
      },
    });
    expect(answer.status).toBe(200);
    // The new address counts once confirmed (account-hardening.test.ts follows the link).
    expect(answer.body).toMatchObject({
      first_name: 'Frances',
      email: user.email,
      phone_number: '555-0199',
    });
    expect(await server.mailsTo('frances@example.org')).toHaveLength(1);
    const reread = await server.call('GET', '/profile', { token });
    expect(reread.body).toMatchObject({ first_name: 'Frances', last_name: 'Allen' });
    const events = await server.deps.database.executeSql(
      `SELECT action FROM events WHERE subject_id = $1 AND action = 'update-profile'`,
      [String(user.id)],
    );
    expect(events.rows).toHaveLength(1);
  });

  it('refuses a role change, a taken e-mail and empty names', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const token = user.session.access_token;
    const base = { first_name: 'A', last_name: 'B', email: user.email };
    const role = await server.call('PUT', '/profile', { token, body: { ...base, role: 'Admin' } });
    expect(role.status).toBe(403);
    const taken = await server.call('PUT', '/profile', {
      token,
      body: { ...base, email: other.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: MESSAGES.emailTaken });
    const empty = await server.call('PUT', '/profile', {
      token,
      body: { ...base, first_name: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'first_name: Required.' });
  });
});

describe('POST /profile/password-reset', () => {
  it('changes the password given the current one, ends older tokens and hands a new session', async () => {
    const user = await createUser(server);
    const answer = await server.call<{ message: string; session: { access_token: string } }>(
      'POST',
      '/profile/password-reset',
      {
        token: user.session.access_token,
        body: {
          email: user.email,
          current_password: encodePassword(user.password),
          new_password: encodePassword('a different secret'),
          confirm_password: encodePassword('a different secret'),
        },
      },
    );
    expect(answer.body.message).toBe(MESSAGES.passwordUpdated);
    const fresh = await server.call('GET', '/profile', { token: answer.body.session.access_token });
    expect(fresh.status).toBe(200);
    const stale = await server.call('GET', '/profile', { token: user.session.access_token });
    expect(stale.status).toBe(401);
    const signIn = await server.call('POST', '/auth/sign-in', {
      body: { email: user.email, password: encodePassword('a different secret') },
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses a wrong current password, mismatched confirmation and another e-mail', async () => {
    const user = await createUser(server);
    const token = user.session.access_token;
    const body = {
      email: user.email,
      current_password: encodePassword(user.password),
      new_password: encodePassword('a different secret'),
      confirm_password: encodePassword('a different secret'),
    };
    const wrong = await server.call('POST', '/profile/password-reset', {
      token,
      body: { ...body, current_password: encodePassword('wrong one!') },
    });
    expect(wrong.body).toEqual({ error: MESSAGES.currentPasswordWrong });
    const mismatch = await server.call('POST', '/profile/password-reset', {
      token,
      body: { ...body, confirm_password: encodePassword('something else') },
    });
    expect(mismatch.body).toEqual({ error: MESSAGES.passwordsDiffer });
    const otherEmail = await server.call('POST', '/profile/password-reset', {
      token,
      body: { ...body, email: 'other@example.org' },
    });
    expect(otherEmail.body).toEqual({ error: MESSAGES.emailMismatch });
    const anonymous = await server.call('POST', '/profile/password-reset', { body });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /profile/close-account', () => {
  it('closes the account: its tokens stop working and it cannot sign in again', async () => {
    const user = await createUser(server);
    const answer = await server.call('POST', '/profile/close-account', {
      token: user.session.access_token,
      body: { email: user.email, active: false },
    });
    expect(answer.body).toEqual({ message: MESSAGES.accountClosed });
    expect(
      (await server.call('GET', '/profile', { token: user.session.access_token })).status,
    ).toBe(401);
    const refresh = await server.call('POST', '/auth/refresh', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(refresh.status).toBe(401);
    const signIn = await server.call('POST', '/auth/sign-in', {
      body: { email: user.email, password: encodePassword(user.password) },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ error: MESSAGES.accountInactive });
  });

  it('refuses active=true, another e-mail and anonymous callers', async () => {
    const user = await createUser(server);
    const token = user.session.access_token;
    const active = await server.call('POST', '/profile/close-account', {
      token,
      body: { email: user.email, active: true },
    });
    expect(active.status).toBe(400);
    expect(active.body).toEqual({ error: 'active: active must be false' });
    const other = await server.call('POST', '/profile/close-account', {
      token,
      body: { email: 'someone@example.org', active: false },
    });
    expect(other.body).toEqual({ error: MESSAGES.emailMismatch });
    const anonymous = await server.call('POST', '/profile/close-account', {
      body: { email: user.email, active: false },
    });
    expect(anonymous.status).toBe(401);
  });
});
