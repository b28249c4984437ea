import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ELECTION_MESSAGES,
  encodePassword,
  type Election,
  type Member,
  type Session,
} from '@scrutineer/contracts';
import { linkIn, startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
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
  election = await createElection(server, auditor.token, district.id, { name: 'Recall vote' });
});
afterAll(async () => server.close());

type Saved = Member & { message: string };
type Page = { items: Member[]; total: number };

describe('POST /election-users', () => {
  it('invites a new e-mail: pending account, set-password mail, then the election as Uploader', async () => {
    const email = 'new.uploader@example.org';
    const answer = await server.call<Saved>('POST', '/election-users', {
      token: auditor.token,
      body: {
        election_id: election.id,
        first_name: 'Nia',
        last_name: 'Uploader',
        email,
        role: 'Uploader',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: ELECTION_MESSAGES.userCreated,
      election_id: election.id,
      role: 'Uploader',
      status: 'Invited',
      user: { first_name: 'Nia', last_name: 'Uploader', email },
      can: { update: true, delete: true },
    });
    const [mail] = await server.mailsTo(email);
    expect(mail?.subject).toContain('Recall vote');
    const link = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/session/set-newpassword/');
    const [key, userId] = link.split('/').slice(-2);
    expect(Number(userId)).toBe(answer.body.user.id);
    const password = encodePassword('invited person secret');
    const set = await server.call('POST', '/auth/new-password', {
      body: {
        forgot_key: key,
        user_id: userId,
        new_password: password,
        confirm_password: password,
      },
    });
    expect(set.status).toBe(200);
    const signIn = await server.call<Session>('POST', '/auth/sign-in', {
      body: { email, password },
    });
    expect(signIn.status).toBe(200);
    const token = signIn.body.access_token;
    const seen = await server.call<Election>('GET', `/elections/${election.id}`, { token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ role: 'Uploader', can: { update: false, delete: false } });
    // The Users tab is the Auditor's.
    const users = await server.call(`GET`, `/election-users/election/${election.id}`, { token });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ error: ELECTION_MESSAGES.auditorOnlyUsers });
    const list = await server.call<Page>('GET', `/election-users/election/${election.id}`, {
      token: auditor.token,
    });
    expect(list.body.items.find((m) => m.user.email === email)?.status).toBe('Active');
  });

  it('adds an existing account and mails a notice; a second invitation is refused', async () => {
    const person = await createAccount(server, { role: 'User', plan: 1 });
    const member = await addToElection(server, auditor.token, election.id, person, 'Observer');
    expect(member).toMatchObject({ role: 'Observer', status: 'Active' });
    const [mail] = await server.mailsTo(person.email);
    expect(mail?.subject).toContain('You were added');
    expect(mail?.textBody).toContain(`http://scrutineer.test/elections/${election.id}`);
    const again = await server.call('POST', '/election-users', {
      token: auditor.token,
      body: { election_id: election.id, first_name: 'A', last_name: 'B', email: person.email },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: ELECTION_MESSAGES.alreadyMember });
  });

  it('defaults the role to Observer and requires names and e-mail', async () => {
    const answer = await server.call<Member>('POST', '/election-users', {
      token: auditor.token,
      body: {
        election_id: election.id,
        first_name: 'Oli',
        last_name: 'Observer',
        email: 'oli@example.org',
      },
    });
    expect(answer.body.role).toBe('Observer');
    const body = {
      election_id: election.id,
      first_name: 'A',
      last_name: 'B',
      email: 'x@example.org',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, 'first_name: Required.'],
      [{ last_name: undefined }, 'last_name: Required.'],
      [{ email: '' }, 'email: Required.'],
      [{ email: 'nope' }, 'email: Email must be a valid email address.'],
      [{ role: 'Owner' }, 'role: Choose one of: Auditor, Uploader, Observer.'],
    ];
    for (const [overrides, error] of cases) {
      const refused = await server.call('POST', '/election-users', {
        token: auditor.token,
        body: { ...body, ...overrides },
      });
      expect(refused.status, error).toBe(400);
      expect(refused.body).toEqual({ error });
    }
  });

  it('refuses non-Auditors and hides the election from strangers', async () => {
    const uploader = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
    const body = {
      election_id: election.id,
      first_name: 'A',
      last_name: 'B',
      email: 'z@example.org',
    };
    const refused = await server.call('POST', '/election-users', { token: uploader.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: ELECTION_MESSAGES.auditorOnlyUsers });
    const stranger = await createAccount(server, { role: 'Client' });
    const hidden = await server.call('POST', '/election-users', { token: stranger.token, body });
    expect(hidden.status).toBe(404);
  });
});

describe('PUT and DELETE /election-users/{id}', () => {
  it('changes a role, and names of a pending account, and removes a member', async () => {
    const invited = await server.call<Member>('POST', '/election-users', {
      token: auditor.token,
      body: {
        election_id: election.id,
        first_name: 'Tem',
        last_name: 'P',
        email: 'tem@example.org',
      },
    });
    const id = invited.body.id;
    const updated = await server.call<Saved>('PUT', `/election-users/${id}`, {
      token: auditor.token,
      body: { id, first_name: 'Temperance', last_name: 'Page', email: '', role: 'Auditor' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: ELECTION_MESSAGES.userUpdated,
      role: 'Auditor',
      user: { first_name: 'Temperance', last_name: 'Page', email: 'tem@example.org' },
    });
    const missing = await server.call('PUT', `/election-users/${id}`, {
      token: auditor.token,
      body: { first_name: '', last_name: 'Page', role: 'Observer' },
    });
    expect(missing.body).toEqual({ error: 'first_name: Required.' });
    const removed = await server.call('DELETE', `/election-users/${id}`, { token: auditor.token });
    expect(removed.body).toEqual({ message: ELECTION_MESSAGES.userDeleted });
    const again = await server.call('DELETE', `/election-users/${id}`, { token: auditor.token });
    expect(again.status).toBe(404);
  });

  it('never lets a member edit or remove their own membership', async () => {
    const list = await server.call<Page>('GET', `/election-users/election/${election.id}`, {
      token: auditor.token,
    });
    const own = list.body.items.find((m) => m.user.id === auditor.id);
    expect(own?.can).toEqual({ update: false, delete: false });
    const id = own?.id ?? 0;
    const edit = await server.call('PUT', `/election-users/${id}`, {
      token: auditor.token,
      body: { first_name: 'A', last_name: 'B', role: 'Observer' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ error: ELECTION_MESSAGES.notYourself });
    const remove = await server.call('DELETE', `/election-users/${id}`, { token: auditor.token });
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ error: ELECTION_MESSAGES.notYourself });
  });

  it('refuses an Observer changing others', async () => {
    const observer = await createAccount(server, { role: 'User', plan: 1 });
    const other = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, election.id, observer, 'Observer');
    const target = await addToElection(server, auditor.token, election.id, other, 'Observer');
    const edit = await server.call('PUT', `/election-users/${target.id}`, {
      token: observer.token,
      body: { first_name: 'A', last_name: 'B', role: 'Auditor' },
    });
    expect(edit.status).toBe(403);
    const remove = await server.call('DELETE', `/election-users/${target.id}`, {
      token: observer.token,
    });
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ error: ELECTION_MESSAGES.auditorOnlyUsers });
  });
});
