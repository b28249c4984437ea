import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Election } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';

type Page = { items: Election[]; total: number; page: number; page_size: number };

let server: TestServer;
let member: Account;
let admin: Account;
let districtId: number;
// Names no county holds, so a search finds only these.
const names = ['Qx Harbor', 'Inland', 'Same', 'Same', 'Coast', 'Valley', 'Qx Harbor North'];

beforeAll(async () => {
  server = await startTestServer();
  const auditor = await createAccount(server, { role: 'Client' });
  [member, admin] = await Promise.all([
    createAccount(server, { role: 'User', plan: 1 }),
    createAccount(server, { role: 'Admin', plan: 0 }),
  ]);
  districtId = (await createDistrict(server, auditor.token)).id;
  const other = await createDistrict(server, auditor.token);
  const made: Election[] = [];
  for (const [i, name] of names.entries())
    made.push(
      await createElection(server, auditor.token, i % 2 ? other.id : districtId, {
        name,
        e_type: i % 3 ? 'General' : 'Primary',
      }),
    );
  // The member belongs to all but the last, in mixed roles, and has opened three of them; the
  // Admin has opened two: their Access Dates lead the default order.
  for (const [i, election] of made.slice(0, -1).entries())
    await addToElection(
      server,
      auditor.token,
      election.id,
      member,
      i % 2 ? 'Uploader' : 'Observer',
    );
  for (const election of [made[4], made[0], made[2]]) {
    await server.call('GET', `/elections/${election?.id ?? 0}`, { token: member.token });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  for (const election of [made[1], made[6]]) {
    await addToElection(server, auditor.token, election?.id ?? 0, admin, 'Observer');
    await server.call('GET', `/elections/${election?.id ?? 0}`, { token: admin.token });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
});
afterAll(async () => server.close());

async function page(account: Account, query: string): Promise<Page> {
  const answer = await server.call<Page>('GET', `/elections?${query}`, { token: account.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Pages of two, read to one past the end, against the whole list in one page. */
async function expectSamePaged(account: Account, query: string) {
  const whole = await page(account, `${query}&page_size=100`);
  const ids: number[] = [];
  for (let n = 1; n <= Math.ceil(whole.total / 2) + 1; n += 1) {
    const part = await page(account, `${query}&page_size=2&page=${n}`);
    expect(part.total, `${query} page ${n}`).toBe(whole.total);
    ids.push(...part.items.map((e) => e.id));
  }
  expect(ids, query).toEqual(whole.items.map((e) => e.id));
  expect(new Set(ids).size).toBe(ids.length);
  return whole;
}

const queries = [
  'sort=access&order=desc',
  'sort=access&order=asc',
  'sort=name&order=asc',
  'sort=name&order=desc',
  'sort=e_type&order=asc',
  'sort=role&order=desc',
  'sort=date&order=desc',
  'search=qx%20harbor',
  'search=a&sort=name&order=asc',
  'search=a&sort=access&order=desc',
];

describe('election list pages', () => {
  it('give a member the same elections in the same order page by page as in one page', async () => {
    const all = await expectSamePaged(member, 'sort=access&order=desc');
    expect(all.total).toBe(names.length - 1);
    // Opened most recently first, then the never-opened, newest first.
    expect(all.items.slice(0, 3).map((e) => e.name)).toEqual(['Same', 'Qx Harbor', 'Coast']);
    for (const query of queries) await expectSamePaged(member, query);
    for (const query of queries) await expectSamePaged(member, `${query}&district=${districtId}`);
    const harbor = await expectSamePaged(member, 'search=qx%20harbor');
    expect(harbor.items.map((e) => e.name)).toEqual(['Qx Harbor']);
  });

  it('give an Admin every election the same way, with and without filters', async () => {
    const all = await expectSamePaged(admin, 'sort=access&order=desc');
    expect(all.total).toBe(names.length);
    expect(all.items.slice(0, 2).map((e) => e.name)).toEqual(['Qx Harbor North', 'Inland']);
    for (const query of queries) await expectSamePaged(admin, query);
    for (const query of queries) await expectSamePaged(admin, `${query}&district=${districtId}`);
    const harbor = await expectSamePaged(admin, 'search=qx%20harbor&sort=name&order=asc');
    expect(harbor.items.map((e) => e.name)).toEqual(['Qx Harbor', 'Qx Harbor North']);
  });
});
