import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISTRICT_MESSAGES,
  ELECTION_MESSAGES,
  MESSAGES,
  type District,
  type Election,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  countRows,
  createAccount,
  createDistrict,
  createElection,
  nextDate,
  type Account,
} from '../../test/elections-fixtures.js';
import { createProject, grantProjectPermission } from '../../test/funding-fixtures.js';

let server: TestServer;
let auditor: Account;
let district: District;
let projectIds: number[];
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  // Adding an election to a project takes the right to edit projects.
  await grantProjectPermission(server, auditor.id);
  district = await createDistrict(server, auditor.token, {
    state_name: 'CA',
    district_name: 'San Luis Obispo',
  });
  projectIds = [];
  for (let n = 0; n < 3; n += 1) projectIds.push((await createProject(server, auditor.token)).id);
});
afterAll(async () => server.close());

type Saved = Election & { message: string };
type Page = { items: Election[]; total: number; page: number; page_size: number };

describe('POST /elections', () => {
  it('creates an election in the district with its path; the creator is Auditor', async () => {
    const answer = await server.call<Saved>('POST', '/elections', {
      token: auditor.token,
      body: {
        name: 'Presidential primary',
        e_type: 'Presidential Preference Primary',
        privacy: 'Closed',
        districtId: district.id,
        date: '03-05-2024',
        description: 'Statewide',
        project_ids: [projectIds[0]],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: ELECTION_MESSAGES.created,
      country: 'US',
      state: 'CA',
      county: 'San Luis Obispo',
      date: '2024-03-05',
      address: 'US/CA/SanLuisObispo/Presidential Preference Primary/20240305',
      districtId: district.id,
      project_ids: [projectIds[0]],
      role: 'Auditor',
      last_accessed_at: null,
      can: { update: true, delete: true },
    });
  });

  it('answers each validation failure with its message', async () => {
    const body = { name: 'E', districtId: district.id, date: nextDate() };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: Required.'],
      [{ name: undefined }, 'name: Required.'],
      [{ districtId: undefined }, 'districtId: Required.'],
      [{ date: undefined }, 'date: Required.'],
      [{ date: '2024-02-30' }, 'date: Date must be MM-DD-YYYY or YYYY-MM-DD.'],
      [
        { e_type: 'Runoff' },
        'e_type: Choose one of: General, Primary, Presidential Preference Primary, Special, Municipal.',
      ],
      [{ county: 'Kern' }, `county: District ${ELECTION_MESSAGES.districtMismatch}`],
      [{ state: 'NV' }, `state: State ${ELECTION_MESSAGES.districtMismatch}`],
    ];
    for (const [overrides, error] of cases) {
      const answer = await server.call('POST', '/elections', {
        token: auditor.token,
        body: { ...body, ...overrides },
      });
      expect(answer.status, error).toBe(400);
      expect(answer.body).toEqual({ error });
    }
  });

  it('refuses a second election with the same path', async () => {
    const date = nextDate();
    await createElection(server, auditor.token, district.id, { date });
    const again = await server.call('POST', '/elections', {
      token: auditor.token,
      body: { name: 'Copy', districtId: district.id, date },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: ELECTION_MESSAGES.pathTaken });
  });

  it('refuses a non-Auditor of the district, a stranger and a plan-0 User', async () => {
    const election = await createElection(server, auditor.token, district.id);
    const observer = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, election.id, observer, 'Observer');
    const body = { name: 'Mine', districtId: district.id, date: nextDate() };
    const refused = await server.call('POST', '/elections', { token: observer.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: DISTRICT_MESSAGES.auditorOnlyElections });
    const stranger = await createAccount(server, { role: 'Client' });
    const hidden = await server.call('POST', '/elections', { token: stranger.token, body });
    expect(hidden.status).toBe(404);
    const planZero = await createAccount(server, { role: 'User', plan: 0 });
    for (const [method, path] of [
      ['GET', '/elections'],
      ['POST', '/elections'],
      ['GET', `/elections/${election.id}`],
    ] as const) {
      const answer = await server.call(method, path, {
        token: planZero.token,
        body: method === 'POST' ? body : undefined,
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: MESSAGES.noPermission });
    }
  });
});

describe('GET /elections', () => {
  it('lists a member’s elections by Access Date, then filters, searches and pages', async () => {
    const member = await createAccount(server, { role: 'User', plan: 1 });
    const other = await createDistrict(server, auditor.token);
    const a = await createElection(server, auditor.token, district.id, { name: 'Alpha' });
    const b = await createElection(server, auditor.token, district.id, {
      name: 'Bravo',
      project_ids: [projectIds[1]],
    });
    const c = await createElection(server, auditor.token, other.id, { name: 'Charlie' });
    await createElection(server, auditor.token, other.id, { name: 'Not mine' });
    for (const election of [a, b, c]) {
      await addToElection(server, auditor.token, election.id, member, 'Observer');
    }
    const opened = await server.call<Election>('GET', `/elections/${a.id}`, {
      token: member.token,
    });
    expect(opened.body.last_accessed_at).not.toBeNull();
    expect(opened.body).toMatchObject({ role: 'Observer', can: { update: false, delete: false } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await server.call('GET', `/elections/${c.id}`, { token: member.token });
    const list = await server.call<Page>('GET', '/elections', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 3, page: 1, page_size: 25 });
    // Opened most recently first; never opened last.
    expect(list.body.items.map((e) => e.name)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    const byDistrict = await server.call<Page>(`GET`, `/elections?district=${district.id}`, {
      token: member.token,
    });
    expect(byDistrict.body.items.map((e) => e.name).sort()).toEqual(['Alpha', 'Bravo']);
    const byProject = await server.call<Page>('GET', `/elections?project=${projectIds[1]}`, {
      token: member.token,
    });
    expect(byProject.body.items.map((e) => e.name)).toEqual(['Bravo']);
    const search = await server.call<Page>('GET', '/elections?search=char', {
      token: member.token,
    });
    expect(search.body.items.map((e) => e.name)).toEqual(['Charlie']);
    const paged = await server.call<Page>(
      'GET',
      '/elections?sort=name&order=asc&page=2&page_size=2',
      {
        token: member.token,
      },
    );
    expect(paged.body.items.map((e) => e.name)).toEqual(['Charlie']);
    expect(paged.body.total).toBe(3);
    const badSort = await server.call('GET', '/elections?sort=secret', { token: member.token });
    expect(badSort.status).toBe(400);
  });

  it('shows every election to an Admin and hides an election from a non-member', async () => {
    const election = await createElection(server, auditor.token, district.id);
    const admin = await createAccount(server, { role: 'Admin', plan: 0 });
    const all = await server.call<Page>(`GET`, `/elections?district=${district.id}&page_size=100`, {
      token: admin.token,
    });
    expect(all.body.items.find((e) => e.id === election.id)).toMatchObject({ role: 'Auditor' });
    const stranger = await createAccount(server, { role: 'User', plan: 1 });
    const hidden = await server.call('GET', `/elections/${election.id}`, { token: stranger.token });
    expect(hidden.status).toBe(404);
    const list = await server.call<Page>('GET', '/elections', { token: stranger.token });
    expect(list.body.total).toBe(0);
  });
  it('gives an Admin the count of every election, kept as elections come and go', async () => {
    const admin = await createAccount(server, { role: 'Admin', plan: 0 });
    const total = async (query = '') =>
      (await server.call<Page>('GET', `/elections?page_size=1${query}`, { token: admin.token }))
        .body.total;
    const counted = () => countRows(server, 'SELECT count(*) FROM elections');
    expect(await total()).toBe(await counted());
    const made = await createElection(server, auditor.token, district.id, { name: 'Counted' });
    expect(await total()).toBe(await counted());
    expect(await total('&sort=name')).toBe(await counted());
    const before = await total();
    await server.call('DELETE', `/elections/${made.id}`, { token: auditor.token });
    expect(await total()).toBe(before - 1);
    expect(await total()).toBe(await counted());
    // Filtered totals are counted from the matches, on every page and past the end.
    const place = encodeURIComponent(district.district_name);
    const filtered = await countRows(
      server,
      'SELECT count(*) FROM elections WHERE district_id = $1',
      [district.id],
    );
    expect(await total(`&district=${district.id}`)).toBe(filtered);
    expect(await total(`&district=${district.id}&page=999`)).toBe(filtered);
    expect(await total(`&district=${district.id}&sort=name&page=999`)).toBe(filtered);
    expect(await total(`&search=${place}&page=999`)).toBeGreaterThan(0);
  });

  it('orders an Admin’s list by the Admin’s Access Date, then the rest by newest, across pages', async () => {
    const admin = await createAccount(server, { role: 'Admin', plan: 0 });
    const place = await createDistrict(server, auditor.token);
    const made: Election[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      made.push(await createElection(server, auditor.token, place.id, { name }));
    }
    // Access Dates are kept for members: the Admin is made a member of two and opens them.
    for (const name of ['Two', 'Four']) {
      const election = made.find((e) => e.name === name);
      await addToElection(server, auditor.token, election?.id ?? 0, admin, 'Observer');
      await server.call('GET', `/elections/${election?.id ?? 0}`, { token: admin.token });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const names = async (query: string) => {
      const page = await server.call<Page>('GET', `/elections?district=${place.id}&${query}`, {
        token: admin.token,
      });
      expect(page.body.total).toBe(5);
      return page.body.items.map((e) => e.name);
    };
    expect(await names('page_size=2')).toEqual(['Four', 'Two']);
    expect(await names('page_size=2&page=2')).toEqual(['Five', 'Three']);
    expect(await names('page_size=2&page=3')).toEqual(['One']);
    expect(await names('page_size=3&page=1')).toEqual(['Four', 'Two', 'Five']);
    expect(await names('order=asc')).toEqual(['Two', 'Four', 'One', 'Three', 'Five']);
    const found = await server.call<Page>('GET', `/elections?district=${place.id}&search=thre`, {
      token: admin.token,
    });
    expect(found.body.items.map((e) => e.name)).toEqual(['Three']);
    // A search that matches them all keeps the same order across pages.
    const county = encodeURIComponent(made[0]?.county ?? '');
    const searched = async (page: number) => {
      const answer = await server.call<Page>(
        'GET',
        `/elections?district=${place.id}&search=${county}&page_size=2&page=${page}`,
        { token: admin.token },
      );
      expect(answer.body.total).toBe(5);
      return answer.body.items.map((e) => e.name);
    };
    expect([...(await searched(1)), ...(await searched(2)), ...(await searched(3))]).toEqual([
      'Four',
      'Two',
      'Five',
      'Three',
      'One',
    ]);
  });

  it('searches a member’s elections by name, path and county, sorted and paged', async () => {
    const member = await createAccount(server, { role: 'User', plan: 1 });
    const place = await createDistrict(server, auditor.token);
    for (const name of ['Harbor 2024', 'Harbor 2025', 'Inland 2024']) {
      const election = await createElection(server, auditor.token, place.id, { name });
      await addToElection(server, auditor.token, election.id, member, 'Observer');
    }
    await createElection(server, auditor.token, place.id, { name: 'Harbor (not a member)' });
    const search = async (query: string) =>
      server.call<Page>('GET', `/elections?${query}`, { token: member.token });
    const harbor = await search('search=harbor&sort=name&order=desc');
    expect(harbor.body.items.map((e) => e.name)).toEqual(['Harbor 2025', 'Harbor 2024']);
    expect(harbor.body.total).toBe(2);
    const secondPage = await search('search=2024&sort=name&order=asc&page=2&page_size=1');
    expect(secondPage.body.items.map((e) => e.name)).toEqual(['Inland 2024']);
    expect(secondPage.body.total).toBe(2);
    const pastTheEnd = await search('search=harbor&page=5');
    expect(pastTheEnd.body).toMatchObject({ items: [], total: 2 });
    // Wildcards in the search are literal characters, not patterns.
    expect((await search('search=%25')).body.total).toBe(0);
    const county = harbor.body.items[0]?.county ?? '';
    expect((await search(`search=${encodeURIComponent(county)}`)).body.total).toBe(3);
  });
});

describe('elections on projects', () => {
  it('adds an election only to a project its Auditor may edit', async () => {
    const plain = await createAccount(server, { role: 'Client' });
    const own = await createDistrict(server, plain.token);
    const target = projectIds[0] ?? 0;
    const create = await server.call('POST', '/elections', {
      token: plain.token,
      body: {
        name: 'Hitchhiker',
        e_type: 'General',
        privacy: 'Public',
        districtId: own.id,
        date: '11-03-2026',
        project_ids: [target],
      },
    });
    expect(create).toMatchObject({
      status: 403,
      body: { error: ELECTION_MESSAGES.projectNotEditable },
    });
    const election = await createElection(server, plain.token, own.id);
    const update = await server.call('PUT', `/elections/${election.id}`, {
      token: plain.token,
      body: { ...election, project_ids: [target] },
    });
    expect(update.status).toBe(403);
    const listed = await server.call<Page>('GET', `/elections?project=${target}`, {
      token: auditor.token,
    });
    expect(listed.body.items.map((e) => e.id)).not.toContain(election.id);

    // Someone who may edit projects still names only projects that exist.
    const mine = await createElection(server, auditor.token, district.id);
    const missing = await server.call('PUT', `/elections/${mine.id}`, {
      token: auditor.token,
      body: { ...mine, project_ids: [2_000_000] },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: ELECTION_MESSAGES.projectNotEditable },
    });
  });

  it('keeps the projects an election already has when its Auditor cannot edit projects', async () => {
    const plain = await createAccount(server, { role: 'Client' });
    const own = await createDistrict(server, plain.token);
    const election = await createElection(server, plain.token, own.id);
    await server.deps.database.executeSql('UPDATE elections SET project_ids = $1 WHERE id = $2', [
      [projectIds[2]],
      election.id,
    ]);
    const kept = await server.call<Saved>('PUT', `/elections/${election.id}`, {
      token: plain.token,
      body: { ...election, name: 'Renamed again', project_ids: [projectIds[2]] },
    });
    expect(kept.status).toBe(200);
    const dropped = await server.call<Saved>('PUT', `/elections/${election.id}`, {
      token: plain.token,
      body: { ...election, project_ids: [] },
    });
    expect(dropped.body.project_ids).toEqual([]);
  });
});

describe('PUT /elections/{id}', () => {
  it('changes name, description and projects and refuses every locked field by name', async () => {
    const election = await createElection(server, auditor.token, district.id);
    const body = {
      ...election,
      name: 'Renamed',
      description: 'New words',
      project_ids: [projectIds[2]],
    };
    const answer = await server.call<Saved>('PUT', `/elections/${election.id}`, {
      token: auditor.token,
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: ELECTION_MESSAGES.updated,
      name: 'Renamed',
      description: 'New words',
      project_ids: [projectIds[2]],
      address: election.address,
    });
    const locked: [Record<string, unknown>, string][] = [
      [{ e_type: 'Special' }, 'e_type: Type'],
      [{ privacy: 'Open' }, 'privacy: Privacy'],
      [{ country: 'CA' }, 'country: Country'],
      [{ state: 'NV' }, 'state: State'],
      [{ county: 'Kern' }, 'county: District'],
      [{ districtId: district.id + 1000 }, 'districtId: District'],
      [{ date: '01-01-1999' }, 'date: Date'],
    ];
    for (const [overrides, start] of locked) {
      const refused = await server.call('PUT', `/elections/${election.id}`, {
        token: auditor.token,
        body: { ...body, ...overrides },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: `${start} ${ELECTION_MESSAGES.locked}` });
    }
    const sameDate = await server.call('PUT', `/elections/${election.id}`, {
      token: auditor.token,
      body: { ...body, date: election.date.replace(/^(\d+)-(\d+)-(\d+)$/, '$2-$3-$1') },
    });
    expect(sameDate.status).toBe(200);
    const empty = await server.call('PUT', `/elections/${election.id}`, {
      token: auditor.token,
      body: { ...body, name: '' },
    });
    expect(empty.body).toEqual({ error: 'name: Required.' });
  });

  it('refuses Observers and Uploaders', async () => {
    const election = await createElection(server, auditor.token, district.id);
    for (const role of ['Observer', 'Uploader']) {
      const member = await createAccount(server, { role: 'User', plan: 1 });
      await addToElection(server, auditor.token, election.id, member, role);
      const answer = await server.call('PUT', `/elections/${election.id}`, {
        token: member.token,
        body: { name: 'Mine now' },
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: ELECTION_MESSAGES.auditorOnlyEdit });
    }
  });
});

describe('DELETE /elections/{id}', () => {
  it('lets only the Auditor delete, and removes the memberships with it', async () => {
    const election = await createElection(server, auditor.token, district.id);
    const uploader = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
    const refused = await server.call('DELETE', `/elections/${election.id}`, {
      token: uploader.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: ELECTION_MESSAGES.auditorOnlyDelete });
    const answer = await server.call('DELETE', `/elections/${election.id}`, {
      token: auditor.token,
    });
    expect(answer.body).toEqual({ message: ELECTION_MESSAGES.deleted });
    const members = await countRows(
      server,
      'SELECT count(*) FROM election_members WHERE election_id = $1',
      [election.id],
    );
    expect(members).toBe(0);
    const events = await countRows(
      server,
      `SELECT count(*) FROM events WHERE subject_type = 'election' AND subject_id = $1`,
      [String(election.id)],
    );
    expect(events).toBe(2);
    expect(
      (await server.call('GET', `/elections/${election.id}`, { token: auditor.token })).status,
    ).toBe(404);
  });
});
