import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRICT_MESSAGES, FIELD_MESSAGES, MESSAGES, type District } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  countRows,
  createAccount,
  createDistrict,
  createElection,
  districtBody,
  type Account,
} from '../../test/elections-fixtures.js';

let server: TestServer;
let auditor: Account;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
});
afterAll(async () => server.close());

type Page = { items: District[]; total: number; page: number; page_size: number };

describe('POST /districts', () => {
  it('creates a district: derived name and path, MM-DD-YYYY date, creator as Auditor', async () => {
    const answer = await server.call<District & { message: string }>('POST', '/districts', {
      token: auditor.token,
      body: districtBody({ state_name: 'CA', district_name: 'los angeles', date: '03-05-2024' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: DISTRICT_MESSAGES.created,
      name: 'US_CA_LosAngeles',
      path: 'US/CA/US_CA_LosAngeles',
      country: 'US',
      country_name: 'United States',
      state_name: 'CA',
      district_name: 'Los Angeles',
      date: '2024-03-05',
      role: 'Auditor',
      contacts: 0,
      elections: 0,
      contact_name: null,
      can: { update: true, delete: true },
    });
    expect(typeof answer.body.id).toBe('number');
    const events = await countRows(
      server,
      `SELECT count(*) FROM events WHERE subject_type = 'district' AND subject_id = $1 AND action = 'create'`,
      [String(answer.body.id)],
    );
    expect(events).toBe(1);
  });

  it('defaults the country to US and the state to CA, and accepts YYYY-MM-DD', async () => {
    const answer = await server.call<District>('POST', '/districts', {
      token: auditor.token,
      body: { district_name: 'Alpine', email: 'a@example.org', date: '2024-01-31' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ country: 'US', state_name: 'CA', date: '2024-01-31' });
  });

  it('takes free-text state and district outside the US', async () => {
    const answer = await server.call<District>('POST', '/districts', {
      token: auditor.token,
      body: districtBody({ country: 'ca', state_name: 'Nova Scotia', district_name: 'Halifax' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'CA_NovaScotia_Halifax', country_name: 'Canada' });
  });

  it('answers each validation failure with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: undefined }, 'email: Required.'],
      [{ email: '' }, 'email: Required.'],
      [{ email: 'not-an-email' }, 'email: Email must be a valid email address.'],
      [{ district_name: '' }, 'district_name: Required.'],
      [{ district_name: undefined }, 'district_name: Required.'],
      [{ country: 'FR', state_name: '' }, 'state_name: Required.'],
      [{ date: '13-45-2024' }, 'date: Date must be MM-DD-YYYY or YYYY-MM-DD.'],
      [{ country: 'ZZ' }, `country: ${DISTRICT_MESSAGES.unknownCountry}`],
      [{ state_name: 'XX' }, `state_name: ${DISTRICT_MESSAGES.unknownState}`],
      [
        { state_name: 'CA', district_name: 'Atlantis' },
        `district_name: ${DISTRICT_MESSAGES.unknownJurisdiction}`,
      ],
      [{ statePostalCode: 'abc' }, `statePostalCode: ${FIELD_MESSAGES.postalCode}`],
      [{ phoneNumber: 'abc' }, `phoneNumber: ${FIELD_MESSAGES.phone}`],
      [{ website: 'w'.repeat(301) }, 'website: Must be at most 300 characters.'],
    ];
    for (const [overrides, error] of cases) {
      const answer = await server.call('POST', '/districts', {
        token: auditor.token,
        body: districtBody(overrides),
      });
      expect(answer.status, error).toBe(400);
      expect(answer.body).toEqual({ error });
    }
  });

  it('refuses a second district for the same jurisdiction', async () => {
    const body = districtBody();
    await createDistrict(server, auditor.token, body);
    const again = await server.call('POST', '/districts', { token: auditor.token, body });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: DISTRICT_MESSAGES.nameTaken });
  });

  it('refuses role User, a plan-0 User and anonymous callers', async () => {
    const user = await createAccount(server, { role: 'User', plan: 1 });
    const refused = await server.call('POST', '/districts', {
      token: user.token,
      body: districtBody(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: DISTRICT_MESSAGES.userCannotCreate });
    const planZero = await createAccount(server, { role: 'User', plan: 0 });
    for (const [method, path] of [
      ['POST', '/districts'],
      ['GET', '/districts'],
    ] as const) {
      const answer = await server.call(method, path, {
        token: planZero.token,
        body: method === 'POST' ? districtBody() : undefined,
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: MESSAGES.noPermission });
    }
    const anonymous = await server.call('POST', '/districts', { body: districtBody() });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /districts and /districts/{id}', () => {
  it('lists only the districts a person belongs to, searched, sorted and paged', async () => {
    const owner = await createAccount(server, { role: 'Sponsore' });
    const stranger = await createAccount(server, { role: 'Client' });
    const first = await createDistrict(server, owner.token);
    const second = await createDistrict(server, owner.token);
    await createDistrict(server, stranger.token);
    const page = await server.call<Page>(
      'GET',
      '/districts?page_size=1&sort=created_at&order=desc',
      {
        token: owner.token,
      },
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page.body.items.map((d) => d.id)).toEqual([second.id]);
    const search = await server.call<Page>(
      `GET`,
      `/districts?search=${encodeURIComponent(first.district_name)}`,
      { token: owner.token },
    );
    expect(search.body.items.map((d) => d.id)).toEqual([first.id]);
    const hidden = await server.call('GET', `/districts/${first.id}`, { token: stranger.token });
    expect(hidden.status).toBe(404);
  });

  it('shows every district to an Admin, acting as Auditor', async () => {
    const admin = await createAccount(server, { role: 'Admin', plan: 0 });
    const district = await createDistrict(server, auditor.token);
    const all = await server.call<Page>('GET', '/districts?page_size=100', { token: admin.token });
    expect(all.body.items.find((d) => d.id === district.id)).toMatchObject({
      role: 'Auditor',
      can: { update: true, delete: true },
    });
  });

  it('shows a district to a member of one of its elections as read-only Observer', async () => {
    const district = await createDistrict(server, auditor.token);
    const election = await createElection(server, auditor.token, district.id);
    const uploader = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
    const seen = await server.call<District>('GET', `/districts/${district.id}`, {
      token: uploader.token,
    });
    expect(seen.body).toMatchObject({
      role: 'Observer',
      elections: 1,
      can: { update: false, delete: false },
    });
    const update = await server.call('PUT', `/districts/${district.id}`, {
      token: uploader.token,
      body: {
        ...districtBody(),
        state_name: district.state_name,
        district_name: district.district_name,
      },
    });
    expect(update.status).toBe(403);
    expect(update.body).toEqual({ error: DISTRICT_MESSAGES.auditorOnlyEdit });
    const remove = await server.call('DELETE', `/districts/${district.id}`, {
      token: uploader.token,
    });
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ error: DISTRICT_MESSAGES.auditorOnlyDelete });
  });
});

describe('PUT /districts/{id}', () => {
  it('updates the details and keeps state and district locked', async () => {
    const district = await createDistrict(server, auditor.token);
    const body = {
      ...districtBody(),
      id: district.id,
      state_name: district.state_name,
      district_name: district.district_name,
      city: 'Shelbyville',
      email: 'new@example.org',
    };
    const answer = await server.call<District & { message: string }>(
      'PUT',
      `/districts/${district.id}`,
      { token: auditor.token, body },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: DISTRICT_MESSAGES.updated,
      city: 'Shelbyville',
      email: 'new@example.org',
      name: district.name,
    });
    const locked: [Record<string, unknown>, string][] = [
      [{ state_name: 'NV' }, 'state_name: State cannot be changed after the district is created.'],
      [
        { district_name: 'Somewhere else' },
        'district_name: District cannot be changed after the district is created.',
      ],
      [{ country: 'CA' }, 'country: Country cannot be changed after the district is created.'],
      [{ id: district.id + 1000 }, DISTRICT_MESSAGES.idMismatch],
      [{ email: '' }, 'email: Required.'],
    ];
    for (const [overrides, error] of locked) {
      const refused = await server.call('PUT', `/districts/${district.id}`, {
        token: auditor.token,
        body: { ...body, ...overrides },
      });
      expect(refused.status, error).toBe(400);
      expect(refused.body).toEqual({ error });
    }
  });
});

describe('DELETE /districts/{id}', () => {
  it('refuses while elections remain, then removes the district, contacts and members', async () => {
    const district = await createDistrict(server, auditor.token);
    await server.call('POST', `/district-contacts/${district.id}`, {
      token: auditor.token,
      body: { name: 'Pat Clerk', title: 'Registrar', email: 'pat@example.org' },
    });
    const election = await createElection(server, auditor.token, district.id);
    const refused = await server.call('DELETE', `/districts/${district.id}`, {
      token: auditor.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: DISTRICT_MESSAGES.hasElections });
    await server.call('DELETE', `/elections/${election.id}`, { token: auditor.token });
    const answer = await server.call('DELETE', `/districts/${district.id}`, {
      token: auditor.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: DISTRICT_MESSAGES.deleted });
    for (const table of ['district_contacts', 'district_members']) {
      const left = await countRows(server, `SELECT count(*) FROM ${table} WHERE district_id = $1`, [
        district.id,
      ]);
      expect(left, table).toBe(0);
    }
    const gone = await server.call('GET', `/districts/${district.id}`, { token: auditor.token });
    expect(gone.status).toBe(404);
  });
});
