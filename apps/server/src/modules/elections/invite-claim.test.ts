import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, MESSAGES, type Election, type Session } from '@scrutineer/contracts';
import { linkIn, startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';

let server: TestServer;
let auditor: Account;
let election: Election;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, auditor.token);
  election = await createElection(server, auditor.token, district.id, { name: 'Bond measure' });
});
afterAll(async () => server.close());

const invite = (email: string) =>
  server.call('POST', '/election-users', {
    token: auditor.token,
    body: {
      election_id: election.id,
      first_name: 'In',
      last_name: 'Vited',
      email,
      role: 'Auditor',
    },
  });

const signUp = (email: string, password: string) =>
  server.call('POST', '/auth/sign-up', {
    body: {
      email,
      password: encodePassword(password),
      first_name: 'Quick',
      last_name: 'Claimer',
      role: 'Client',
    },
  });

const signIn = (email: string, password: string) =>
  server.call<Session>('POST', '/auth/sign-in', {
    body: { email, password: encodePassword(password) },
  });

/** Opens the set-password link of the newest mail to `email`. */
async function acceptInvitation(email: string, password: string) {
  const [mail] = await server.mailsTo(email);
  const link = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/session/set-newpassword/');
  const [key, userId] = link.split('/').slice(-2);
  return server.call('POST', '/auth/new-password', {
    body: {
      forgot_key: key,
      user_id: Number(userId),
      new_password: encodePassword(password),
      confirm_password: encodePassword(password),
    },
  });
}

describe('an invited address', () => {
  it('cannot be taken up by signing up with it; the invitation link still works', async () => {
    const email = 'invited.auditor@example.org';
    expect((await invite(email)).status).toBe(201);
    const claim = await signUp(email, 'claimer chosen secret');
    expect(claim).toMatchObject({ status: 409, body: { error: MESSAGES.invitationPending } });
    expect(await server.mailsTo(email)).toHaveLength(1);
    expect((await signIn(email, 'claimer chosen secret')).status).toBe(401);

    expect((await acceptInvitation(email, 'owner chosen secret')).status).toBe(200);
    const session = await signIn(email, 'owner chosen secret');
    expect(session.status).toBe(200);
    const seen = await server.call<Election>('GET', `/elections/${election.id}`, {
      token: session.body.access_token,
    });
    expect(seen.body).toMatchObject({ role: 'Auditor' });
    const profile = await server.call('GET', '/profile', { token: session.body.access_token });
    expect(profile.body).toMatchObject({ role: 'Oberver' });
  });

  it('signed up by someone else before the invitation goes to its owner through the link', async () => {
    const email = 'early.bird@example.org';
    expect((await signUp(email, 'squatter chosen secret')).status).toBe(201);
    expect((await invite(email)).status).toBe(201);
    // The squatter cannot sign in: the address was never verified.
    expect((await signIn(email, 'squatter chosen secret')).status).toBe(403);
    const [mail] = await server.mailsTo(email);
    expect(mail?.textBody).toContain('/session/set-newpassword/');

    expect((await acceptInvitation(email, 'owner chosen secret')).status).toBe(200);
    expect((await signIn(email, 'squatter chosen secret')).status).toBe(401);
    const session = await signIn(email, 'owner chosen secret');
    expect(session.status).toBe(200);
    const seen = await server.call<Election>('GET', `/elections/${election.id}`, {
      token: session.body.access_token,
    });
    expect(seen.body).toMatchObject({ role: 'Auditor' });
  });
});
