import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, MESSAGES, type Session } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGNIN_RATE_LIMIT_MAX: '5' });
});
afterAll(async () => server.close());

describe('POST /auth/sign-in', () => {
  it('answers a session whose access token opens the profile', async () => {
    const user = await createUser(server);
    expect(user.session.user_id).toBe(user.id);
    expect(user.session.refresh_token).toMatch(/^[0-9a-f-]{36}\./);
    const profile = await server.call('GET', '/profile', { token: user.session.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: user.email, verified: true });
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const user = await createUser(server);
    const wrong = await server.call('POST', '/auth/sign-in', {
      body: { email: user.email, password: encodePassword('not the password') },
    });
    const unknown = await server.call('POST', '/auth/sign-in', {
      body: { email: 'ghost@example.org', password: encodePassword('whatever1') },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: MESSAGES.invalidCredentials });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a missing password and a malformed e-mail naming the field', async () => {
    const missing = await server.call('POST', '/auth/sign-in', {
      body: { email: 'a@example.org' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'password: Required.' });
    const malformed = await server.call('POST', '/auth/sign-in', {
      body: { email: 'nope', password: encodePassword('x') },
    });
    expect(malformed.body).toEqual({ error: 'email: Email must be a valid email address.' });
  });

  it('rate-limits repeated attempts on one account', async () => {
    const user = await createUser(server);
    const attempt = () =>
      server.call('POST', '/auth/sign-in', {
        body: { email: user.email, password: encodePassword('bad guess 1') },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt()).status);
    // createUser's own sign-in was the first of the five allowed.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: MESSAGES.tooManyAttempts });
    // Another account from the same address is not locked out by it.
    const other = await createUser(server);
    expect(other.session.access_token).toBeTruthy();
  });

  it('refuses a forged or expired-looking token', async () => {
    const user = await createUser(server);
    const forged = `${user.session.access_token.slice(0, -4)}AAAA`;
    const answer = await server.call('GET', '/profile', { token: forged });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: MESSAGES.refreshInvalid });
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the refresh token; the old one is refused and ends the whole session family', async () => {
    const user = await createUser(server);
    const first = await server.call<Session>('POST', '/auth/refresh', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(user.session.refresh_token);

    const replay = await server.call('POST', '/auth/refresh', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: MESSAGES.refreshInvalid });

    // The replay revoked the family, so the newest token stops working too.
    const next = await server.call('POST', '/auth/refresh', {
      body: { refresh_token: first.body.refresh_token },
    });
    expect(next.status).toBe(401);
    // And so do the access tokens of that sign-in, at once.
    for (const token of [user.session.access_token, first.body.access_token]) {
      const profile = await server.call('GET', '/profile', { token });
      expect(profile).toMatchObject({ status: 401, body: { error: MESSAGES.refreshInvalid } });
    }
  });

  it('refuses garbage and an empty token', async () => {
    const garbage = await server.call('POST', '/auth/refresh', { body: { refresh_token: 'abc' } });
    expect(garbage.status).toBe(401);
    const empty = await server.call('POST', '/auth/refresh', { body: { refresh_token: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'refresh_token: Required.' });
  });

  it('spends a token once under concurrent use', async () => {
    const user = await createUser(server);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call('POST', '/auth/refresh', {
          body: { refresh_token: user.session.refresh_token },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });
});

describe('POST /auth/sign-out', () => {
  it('revokes the refresh token', async () => {
    const user = await createUser(server);
    const out = await server.call('POST', '/auth/sign-out', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(out.status).toBe(200);
    const refresh = await server.call('POST', '/auth/refresh', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(refresh.status).toBe(401);
  });

  it("ends that sign-in's access token at once, and only that sign-in's", async () => {
    const user = await createUser(server);
    const other = await server.call<Session>('POST', '/auth/sign-in', {
      body: { email: user.email, password: encodePassword(user.password) },
    });
    expect(other.status).toBe(200);
    const before = await server.call('GET', '/profile', { token: user.session.access_token });
    expect(before.status).toBe(200);
    await server.call('POST', '/auth/sign-out', {
      body: { refresh_token: user.session.refresh_token },
    });
    const after = await server.call('GET', '/profile', { token: user.session.access_token });
    expect(after).toMatchObject({ status: 401, body: { error: MESSAGES.refreshInvalid } });
    const elsewhere = await server.call('GET', '/profile', { token: other.body.access_token });
    expect(elsewhere.status).toBe(200);
  });
});
