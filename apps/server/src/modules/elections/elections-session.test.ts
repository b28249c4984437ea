import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Election } from '@scrutineer/contracts';
import { findSessionUser, sessionUserFrom, sessionUserSql } from '../auth/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  countRows,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';

// The election list reads the caller's account inside the page's own statement: these are the
// refusals and role changes that statement must honour as a separate account check does.

type Page = { items: Election[]; total: number };

let server: TestServer;
let auditor: Account;
let districtId: number;
let mine: Election;

beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  districtId = (await createDistrict(server, auditor.token)).id;
  mine = await createElection(server, auditor.token, districtId, { name: 'Qzx Mine' });
  await createElection(server, auditor.token, districtId, { name: 'Not shared' });
});
afterAll(async () => server.close());

const list = (token: string, query = '') =>
  server.call<Page>('GET', `/elections${query}`, { token });

async function signOut(account: Account) {
  const out = await server.call('POST', '/auth/sign-out', {
    body: { refresh_token: account.session.refresh_token },
  });
  expect(out.status).toBe(200);
}

/** Every path of the list: pages, past the end, searches, filters, and the Admin's orders. */
const paths = () => [
  '',
  '?page=50',
  '?search=qzx',
  '?search=qzx&page=9',
  '?sort=name&order=asc',
  '?sort=access&search=qzx',
  `?district=${districtId}&sort=access`,
  `?district=${districtId}&sort=date&page=7`,
];

describe('GET /elections reads the caller with the page', () => {
  it('refuses a signed-out member and Admin on every path, before any page', async () => {
    const member = await createAccount(server, { role: 'User', plan: 1 });
    const admin = await createAccount(server, { role: 'Admin', plan: 0 });
    await addToElection(server, auditor.token, mine.id, member, 'Observer');
    for (const account of [member, admin]) {
      expect((await list(account.token)).status).toBe(200);
      await signOut(account);
      for (const query of paths()) {
        const answer = await list(account.token, query);
        expect(answer, query).toMatchObject({
          status: 401,
          body: { error: MESSAGES.refreshInvalid },
        });
      }
    }
  });

  it('refuses a deactivated account and one whose password changed since the token', async () => {
    const closed = await createAccount(server, { role: 'User', plan: 1 });
    const moved = await createAccount(server, { role: 'Admin', plan: 0 });
    await addToElection(server, auditor.token, mine.id, closed, 'Observer');
    await server.deps.database.executeSql('UPDATE users SET active = false WHERE id = $1', [
      closed.id,
    ]);
    await server.deps.database.executeSql(
      'UPDATE users SET token_version = token_version + 1 WHERE id = $1',
      [moved.id],
    );
    for (const query of paths()) {
      expect(await list(closed.token, query), query).toMatchObject({
        status: 401,
        body: { error: MESSAGES.accountInactive },
      });
      expect(await list(moved.token, query), query).toMatchObject({
        status: 401,
        body: { error: MESSAGES.refreshInvalid },
      });
    }
  });

  it('answers a stale caller 401 before a 400 about the query, a live one 400', async () => {
    const member = await createAccount(server, { role: 'User', plan: 1 });
    const bad = await list(member.token, '?sort=secret');
    expect(bad.status).toBe(400);
    const nul = await list(member.token, '?search=a%00b');
    expect(nul.status).toBe(400);
    await signOut(member);
    for (const query of ['?sort=secret', '?search=a%00b', '?page=0']) {
      expect(await list(member.token, query), query).toMatchObject({
        status: 401,
        body: { error: MESSAGES.refreshInvalid },
      });
    }
    expect((await server.call('GET', '/elections?sort=secret')).status).toBe(401);
    expect((await list('not-a-token', '?sort=secret')).status).toBe(401);
  });

  it('lists by the account’s role now, not the role the token was signed with', async () => {
    const demoted = await createAccount(server, { role: 'Admin', plan: 1 });
    const promoted = await createAccount(server, { role: 'User', plan: 1 });
    const kept = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, mine.id, demoted, 'Uploader');
    const everything = await list(demoted.token, '?page_size=100');
    expect(everything.body.total).toBeGreaterThan(1);
    await server.deps.database.executeSql("UPDATE users SET role = 'User' WHERE id = $1", [
      demoted.id,
    ]);
    await server.deps.database.executeSql("UPDATE users SET role = 'Admin' WHERE id = $1", [
      promoted.id,
    ]);
    await server.deps.database.executeSql('UPDATE users SET subscription_plan = 0 WHERE id = $1', [
      kept.id,
    ]);
    for (const query of ['', '?search=qzx', '?sort=name&order=asc']) {
      const now = await list(demoted.token, query);
      expect(
        now.body.items.map((e) => [e.name, e.role]),
        query,
      ).toEqual([['Qzx Mine', 'Uploader']]);
      expect(now.body.total).toBe(1);
      const all = await list(promoted.token, `${query}${query ? '&' : '?'}page_size=100`);
      expect(all.body.total, query).toBeGreaterThanOrEqual(query.includes('qzx') ? 1 : 2);
      expect(all.body.items.every((e) => e.role === 'Auditor')).toBe(true);
      expect(await list(kept.token, query)).toMatchObject({
        status: 403,
        body: { error: MESSAGES.noPermission },
      });
    }
  });

  it('reads the account inside a statement exactly as on its own', async () => {
    const account = await createAccount(server, { role: 'Client' });
    await server.deps.database.executeSql(
      "UPDATE users SET closed_at = '2026-01-02T03:04:05.678901Z', signup_date = '01-02-2026' WHERE id = $1",
      [account.id],
    );
    const db = server.deps.database.db;
    const { rows } = await server.deps.database.executeSql(
      'SELECT family_id FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL LIMIT 1',
      [account.id],
    );
    const family = (rows[0] as { family_id: string }).family_id;
    const alone = await findSessionUser(db, account.id, family);
    expect(alone).not.toBeNull();
    const [read] = await db
      .select({ account: sessionUserSql(account.id, family) })
      .from(sessionUserTable());
    expect(sessionUserFrom(read?.account)).toEqual(alone);
    const [none] = await db
      .select({ account: sessionUserSql(account.id, '00000000-0000-4000-8000-000000000000') })
      .from(sessionUserTable());
    expect(none?.account).toBeNull();
    expect(sessionUserFrom(none?.account)).toBeNull();
  });
});

describe('GET /elections for an Admin by Access Date, filtered', () => {
  it('counts the matches when every one is an election the Admin opened', async () => {
    const admin = await createAccount(server, { role: 'Admin', plan: 0 });
    const only = await createElection(server, auditor.token, districtId, { name: 'Qzv Only' });
    await addToElection(server, auditor.token, only.id, admin, 'Observer');
    await server.call('GET', `/elections/${only.id}`, { token: admin.token });
    for (const query of ['?search=qzv', '?search=qzv&page_size=1', '?search=qzv&page=3']) {
      const page = await list(admin.token, `${query}&sort=access`);
      expect(page.body.total, query).toBe(1);
    }
    const first = await list(admin.token, '?search=qzv&sort=access');
    expect(first.body.items.map((e) => e.name)).toEqual(['Qzv Only']);
    // The other matches follow the opened one, and every page carries both counts.
    await createElection(server, auditor.token, districtId, { name: 'Qzv Other' });
    const both = await list(admin.token, '?search=qzv&sort=access&page_size=1');
    expect(both.body.items.map((e) => e.name)).toEqual(['Qzv Only']);
    expect(both.body.total).toBe(2);
    const second = await list(admin.token, '?search=qzv&sort=access&page_size=1&page=2');
    expect(second.body.items.map((e) => e.name)).toEqual(['Qzv Other']);
    expect(second.body.total).toBe(2);
  });
});

describe('GET /elections gives a member the kept count of their elections', () => {
  it('as memberships are added, removed, moved and their elections deleted', async () => {
    const member = await createAccount(server, { role: 'User', plan: 1 });
    const other = await createAccount(server, { role: 'User', plan: 1 });
    const total = async (account: Account, query = '') =>
      (await list(account.token, `?page_size=1${query}`)).body.total;
    const counted = (account: Account) =>
      countRows(server, 'SELECT count(*) FROM election_members WHERE user_id = $1', [account.id]);
    expect(await total(member)).toBe(0);
    const made: Election[] = [];
    for (const name of ['Kept A', 'Kept B', 'Kept C']) {
      const election = await createElection(server, auditor.token, districtId, { name });
      made.push(election);
      await addToElection(server, auditor.token, election.id, member, 'Observer');
    }
    expect(await total(member)).toBe(3);
    expect(await total(member, '&page=9')).toBe(3);
    const members = await server.call<{ items: { id: number; user: { id: number } }[] }>(
      'GET',
      `/election-users/election/${made[0]?.id ?? 0}`,
      { token: auditor.token },
    );
    const membership = members.body.items.find((m) => m.user.id === member.id);
    const removed = await server.call('DELETE', `/election-users/${membership?.id ?? 0}`, {
      token: auditor.token,
    });
    expect(removed.status).toBe(200);
    expect(await total(member)).toBe(2);
    await server.call('DELETE', `/elections/${made[1]?.id ?? 0}`, { token: auditor.token });
    expect(await total(member)).toBe(1);
    expect(await total(member, '&page=5')).toBe(1);
    // A membership handed to another account moves its count.
    await server.deps.database.executeSql(
      'UPDATE election_members SET user_id = $1 WHERE user_id = $2',
      [other.id, member.id],
    );
    expect(await total(member)).toBe(0);
    expect(await total(other)).toBe(1);
    expect(await total(member)).toBe(await counted(member));
    expect(await total(other)).toBe(await counted(other));
    // Every account's kept count is its count of memberships.
    const wrong = await countRows(
      server,
      `SELECT count(*) FROM users u
        LEFT JOIN member_counts k ON k.user_id = u.id
        WHERE coalesce(k.count, 0) <> (SELECT count(*) FROM election_members m WHERE m.user_id = u.id)`,
    );
    expect(wrong).toBe(0);
  });
});

/** One row to select an expression from. */
const sessionUserTable = () => sql`(select 1) as one`;
