import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, MESSAGES } from '@scrutineer/contracts';
import { createUser, linkIn, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function requestReset(email: string): Promise<{ key: string; userId: number }> {
  const answer = await server.call('POST', '/auth/password-reset', {
    body: { email, host: 'http://evil.example' },
  });
  expect(answer.body).toEqual({ message: MESSAGES.resetRequested });
  const [mail] = await server.mailsTo(email);
  const link = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/session/set-newpassword/');
  const [key = '', userId = ''] = link.split('/').slice(-2);
  return { key, userId: Number(userId) };
}

const newPassword = (key: string, userId: number, password = 'brand new secret') => ({
  forgot_key: key,
  user_id: userId,
  new_password: encodePassword(password),
  confirm_password: encodePassword(password),
});

describe('password reset', () => {
  it('mails a link on the configured address, sets the new password once, and ends old sessions', async () => {
    const user = await createUser(server);
    const { key, userId } = await requestReset(user.email);
    expect(userId).toBe(user.id);
    const [mail] = await server.mailsTo(user.email);
    expect(mail?.textBody).not.toContain('evil.example');

    const set = await server.call('POST', '/auth/new-password', { body: newPassword(key, userId) });
    expect(set.body).toEqual({ message: MESSAGES.passwordChanged });

    const reused = await server.call('POST', '/auth/new-password', {
      body: newPassword(key, userId, 'another secret'),
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ error: MESSAGES.resetKeyInvalid });

    const oldAccess = await server.call('GET', '/profile', { token: user.session.access_token });
    expect(oldAccess.status).toBe(401);
    const oldRefresh = await server.call('POST', '/auth/refresh', {
      body: { refresh_token: user.session.refresh_token },
    });
    expect(oldRefresh.status).toBe(401);

    const signIn = await server.call('POST', '/auth/sign-in', {
      body: { email: user.email, password: encodePassword('brand new secret') },
    });
    expect(signIn.status).toBe(200);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const answer = await server.call('POST', '/auth/password-reset', {
      body: { email: 'unknown@example.org' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: MESSAGES.resetRequested });
    expect(await server.mailsTo('unknown@example.org')).toHaveLength(0);
  });

  it('refuses an expired key', async () => {
    const user = await createUser(server);
    const { key, userId } = await requestReset(user.email);
    await server.deps.database.executeSql(
      `UPDATE user_keys SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND kind = 'reset'`,
      [userId],
    );
    const answer = await server.call('POST', '/auth/new-password', {
      body: newPassword(key, userId),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: MESSAGES.resetKeyInvalid });
  });

  it('refuses a key used with another user id', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const { key } = await requestReset(user.email);
    const answer = await server.call('POST', '/auth/new-password', {
      body: newPassword(key, other.id),
    });
    expect(answer.body).toEqual({ error: MESSAGES.resetKeyInvalid });
    // The refused attempt did not burn the key.
    const ok = await server.call('POST', '/auth/new-password', { body: newPassword(key, user.id) });
    expect(ok.status).toBe(200);
  });

  it('refuses mismatched and short passwords and a missing key', async () => {
    const user = await createUser(server);
    const { key, userId } = await requestReset(user.email);
    const mismatch = await server.call('POST', '/auth/new-password', {
      body: { ...newPassword(key, userId), confirm_password: encodePassword('different one') },
    });
    expect(mismatch.body).toEqual({ error: MESSAGES.passwordsDiffer });
    const short = await server.call('POST', '/auth/new-password', {
      body: newPassword(key, userId, 'short'),
    });
    expect(short.body).toEqual({ error: MESSAGES.passwordTooShort });
    const missing = await server.call('POST', '/auth/new-password', {
      body: { ...newPassword(key, userId), forgot_key: undefined },
    });
    expect(missing.body).toEqual({ error: 'forgot_key: Required.' });
    const malformed = await server.call('POST', '/auth/password-reset', { body: { email: 'x' } });
    expect(malformed.status).toBe(400);
  });
});
