import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, FIELD_MESSAGES, MESSAGES } from '@scrutineer/contracts';
import { linkIn, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const valid = (email: string) => ({
  email,
  password: encodePassword('a good password'),
  first_name: 'Grace',
  last_name: 'Hopper',
  phone_number: '555-0100',
  role: 'User',
  signup_date: '2026-11-22',
});

describe('POST /auth/sign-up', () => {
  it('creates an unverified account, mails a verification link and records an event', async () => {
    const answer = await server.call<{ id: number; message: string }>('POST', '/auth/sign-up', {
      body: valid('grace@example.org'),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(MESSAGES.registered);
    const [mail] = await server.mailsTo('grace@example.org');
    expect(mail?.subject).toContain('Verify');
    expect(linkIn(mail?.textBody ?? '', 'http://scrutineer.test/verify/')).toMatch(
      /verify\/[\w-]{40,}$/,
    );
    const events = await server.deps.database.executeSql(
      `SELECT action FROM events WHERE subject_type = 'user' AND subject_id = $1`,
      [String(answer.body.id)],
    );
    expect(events.rows).toEqual([{ action: 'sign-up' }]);
  });

  it('refuses sign-in until the e-mail is verified, then accepts it', async () => {
    await server.call('POST', '/auth/sign-up', { body: valid('ada@example.org') });
    const credentials = { email: 'ada@example.org', password: encodePassword('a good password') };
    const early = await server.call('POST', '/auth/sign-in', { body: credentials });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ error: MESSAGES.emailNotVerified });

    const [mail] = await server.mailsTo('ada@example.org');
    const token = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/verify/')
      .split('/')
      .pop();
    const verified = await server.call('POST', '/auth/email/verify', { body: { token } });
    expect(verified.body).toEqual({ message: MESSAGES.emailVerified });
    const again = await server.call('POST', '/auth/email/verify', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: MESSAGES.verifyTokenInvalid });

    const signIn = await server.call('POST', '/auth/sign-in', { body: credentials });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ role: 'User', subscriptionPlan: 0, expires_in: 900 });
  });

  it('refuses a taken e-mail in any letter case', async () => {
    await server.call('POST', '/auth/sign-up', { body: valid('taken@example.org') });
    const answer = await server.call('POST', '/auth/sign-up', { body: valid('TAKEN@example.org') });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: MESSAGES.emailTaken });
  });

  it.each([
    [
      'a malformed e-mail',
      { email: 'not-an-email' },
      'email: Email must be a valid email address.',
    ],
    ['a missing first name', { first_name: undefined }, 'first_name: Required.'],
    ['an empty last name', { last_name: '  ' }, 'last_name: Required.'],
    [
      'a password that is not base64',
      { password: 'plain text!' },
      'password: Password must be base64-encoded.',
    ],
    ['a short password', { password: encodePassword('short') }, MESSAGES.passwordTooShort],
    ['the Admin role', { role: 'Admin' }, `role: ${MESSAGES.roleNotAllowed}`],
  ])('refuses %s with a message naming the field', async (_, change, message) => {
    const body = { ...valid(`v${Math.random()}@example.org`), ...change };
    const answer = await server.call('POST', '/auth/sign-up', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: message });
  });

  it('leaves no account behind when sign-up is refused', async () => {
    await server.call('POST', '/auth/sign-up', {
      body: { ...valid('half@example.org'), password: encodePassword('short') },
    });
    const rows = await server.deps.database.executeSql(
      `SELECT id FROM users WHERE email = 'half@example.org'`,
    );
    expect(rows.rows).toHaveLength(0);
  });
});

describe('POST /auth/email/resend', () => {
  it('mails a fresh link to an unverified account and answers the same for unknown e-mails', async () => {
    await server.call('POST', '/auth/sign-up', { body: valid('resend@example.org') });
    const known = await server.call('POST', '/auth/email/resend', {
      body: { email: 'resend@example.org' },
    });
    const unknown = await server.call('POST', '/auth/email/resend', {
      body: { email: 'nobody@example.org' },
    });
    expect(known.body).toEqual({ message: MESSAGES.verificationResent });
    expect(unknown.body).toEqual(known.body);
    expect(await server.mailsTo('resend@example.org')).toHaveLength(2);
    expect(await server.mailsTo('nobody@example.org')).toHaveLength(0);
  });

  it('needs an e-mail when nobody is signed in', async () => {
    const answer = await server.call('POST', '/auth/email/resend', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'email: Required.' });
  });
});

describe('sign-up field rules, in plain words', () => {
  it('refuses digits in names, a phone of letters and over-long names', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: 'Gr4ce' }, `first_name: ${FIELD_MESSAGES.nameDigits}`],
      [{ last_name: 'Hopper2' }, `last_name: ${FIELD_MESSAGES.nameDigits}`],
      [{ phone_number: 'abc' }, `phone_number: ${FIELD_MESSAGES.phone}`],
      [{ first_name: 'G'.repeat(101) }, 'first_name: Must be at most 100 characters.'],
      [{ first_name: '' }, `first_name: ${MESSAGES.required}`],
    ];
    for (const [overrides, error] of cases) {
      const answer = await server.call('POST', '/auth/sign-up', {
        body: { ...valid('rules@example.org'), ...overrides },
      });
      expect(answer, error).toMatchObject({ status: 400, body: { error } });
    }
    const accepted = await server.call('POST', '/auth/sign-up', {
      body: { ...valid('rules@example.org'), phone_number: '+1 (916) 555-0100' },
    });
    expect(accepted.status).toBe(201);
  });
});
