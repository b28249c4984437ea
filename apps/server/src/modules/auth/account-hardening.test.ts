import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, MESSAGES, type Profile } from '@scrutineer/contracts';
import { createUser, linkIn, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function requestReset(email: string): Promise<string> {
  await server.call('POST', '/auth/password-reset', { body: { email } });
  const [mail] = await server.mailsTo(email);
  const link = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/session/set-newpassword/');
  return link.split('/').slice(-2)[0] ?? '';
}

const resetBody = (key: string, userId: number, password: string) => ({
  forgot_key: key,
  user_id: userId,
  new_password: encodePassword(password),
  confirm_password: encodePassword(password),
});

const signIn = (email: string, password: string) =>
  server.call('POST', '/auth/sign-in', { body: { email, password: encodePassword(password) } });

describe('reset keys', () => {
  it('a reset spends every older reset key of the account', async () => {
    const user = await createUser(server);
    const older = await requestReset(user.email);
    const newer = await requestReset(user.email);
    expect(older).not.toBe(newer);
    const used = await server.call('POST', '/auth/new-password', {
      body: resetBody(newer, user.id, 'brand new secret'),
    });
    expect(used.status).toBe(200);
    const stale = await server.call('POST', '/auth/new-password', {
      body: resetBody(older, user.id, 'attacker chosen secret'),
    });
    expect(stale).toMatchObject({ status: 400, body: { error: MESSAGES.resetKeyInvalid } });
    expect((await signIn(user.email, 'attacker chosen secret')).status).toBe(401);
  });

  it('a password change spends outstanding reset keys', async () => {
    const user = await createUser(server);
    const key = await requestReset(user.email);
    const changed = await server.call('POST', '/profile/password-reset', {
      token: user.session.access_token,
      body: {
        email: user.email,
        current_password: encodePassword(user.password),
        new_password: encodePassword('changed on purpose'),
        confirm_password: encodePassword('changed on purpose'),
      },
    });
    expect(changed.status).toBe(200);
    const stale = await server.call('POST', '/auth/new-password', {
      body: resetBody(key, user.id, 'attacker chosen secret'),
    });
    expect(stale.body).toEqual({ error: MESSAGES.resetKeyInvalid });
  });
});

describe('the password rule', () => {
  const refusals = (email: string) =>
    [
      ['short', MESSAGES.passwordTooShort],
      ['password', MESSAGES.passwordTooCommon],
      ['PassWord', MESSAGES.passwordTooCommon],
      ['12345678', MESSAGES.passwordTooCommon],
      ['qwertyuiop', MESSAGES.passwordTooCommon],
      ['        ', MESSAGES.passwordRepeated],
      ['aaaaaaaaaaaa', MESSAGES.passwordRepeated],
      [email, MESSAGES.passwordIsEmail],
      [email.toUpperCase(), MESSAGES.passwordIsEmail],
      [email.split('@')[0] ?? '', MESSAGES.passwordIsEmail],
    ] as const;

  it('refuses weak passwords at sign-up and creates no account', async () => {
    const email = 'careful.signer@example.org';
    for (const [password, error] of refusals(email)) {
      const answer = await server.call('POST', '/auth/sign-up', {
        body: {
          email,
          password: encodePassword(password),
          first_name: 'Careful',
          last_name: 'Signer',
          role: 'User',
        },
      });
      expect(answer, password).toMatchObject({ status: 400, body: { error } });
    }
    expect(await server.mailsTo(email)).toHaveLength(0);
  });

  it('refuses weak passwords on reset and on change', async () => {
    const user = await createUser(server, { email: 'rule.keeper@example.org' });
    const key = await requestReset(user.email);
    // The reset route allows 10 tries a minute; a few kinds of refusal show it applies the rule.
    for (const [password, error] of refusals(user.email).filter((_, i) => i % 2 === 1)) {
      const reset = await server.call('POST', '/auth/new-password', {
        body: resetBody(key, user.id, password),
      });
      expect(reset, password).toMatchObject({ status: 400, body: { error } });
    }
    for (const [password, error] of refusals(user.email)) {
      const change = await server.call('POST', '/profile/password-reset', {
        token: user.session.access_token,
        body: {
          email: user.email,
          current_password: encodePassword(user.password),
          new_password: encodePassword(password),
          confirm_password: encodePassword(password),
        },
      });
      expect(change, password).toMatchObject({ status: 400, body: { error } });
    }
    // None of the refusals spent the key.
    const ok = await server.call('POST', '/auth/new-password', {
      body: resetBody(key, user.id, 'a sound passphrase'),
    });
    expect(ok.status).toBe(200);
  });
});

describe('e-mail change', () => {
  it('keeps the verified address until the new one is confirmed from its mailed link', async () => {
    const user = await createUser(server);
    const token = user.session.access_token;
    const newEmail = `moved-${user.id}@example.org`;
    const update = await server.call<Profile>('PUT', '/profile', {
      token,
      body: { first_name: 'Moved', last_name: 'Person', email: newEmail, phone_number: '' },
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ email: user.email, first_name: 'Moved' });
    expect((await signIn(newEmail, user.password)).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(200);

    const [mail] = await server.mailsTo(newEmail);
    const key = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/verify/')
      .split('/')
      .pop();
    const confirmed = await server.call('POST', '/auth/email/verify', { body: { token: key } });
    expect(confirmed.body).toEqual({ message: MESSAGES.emailVerified });
    const profile = await server.call<Profile>('GET', '/profile', { token });
    expect(profile.body.email).toBe(newEmail);
    expect((await signIn(newEmail, user.password)).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    const again = await server.call('POST', '/auth/email/verify', { body: { token: key } });
    expect(again.body).toEqual({ error: MESSAGES.verifyTokenInvalid });
  });

  it('refuses a confirmation once another account holds the address', async () => {
    const user = await createUser(server);
    const wanted = `wanted-${user.id}@example.org`;
    await server.call('PUT', '/profile', {
      token: user.session.access_token,
      body: { first_name: 'A', last_name: 'B', email: wanted, phone_number: '' },
    });
    const [mail] = await server.mailsTo(wanted);
    const key = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/verify/')
      .split('/')
      .pop();
    await createUser(server, { email: wanted });
    const confirmed = await server.call('POST', '/auth/email/verify', { body: { token: key } });
    expect(confirmed).toMatchObject({ status: 409, body: { error: MESSAGES.emailTaken } });
    const profile = await server.call<Profile>('GET', '/profile', {
      token: user.session.access_token,
    });
    expect(profile.body.email).toBe(user.email);
  });
});
