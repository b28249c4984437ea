import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRICT_MESSAGES, MESSAGES, type Contact } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';

let server: TestServer;
let auditor: Account;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
});
afterAll(async () => server.close());

const contact = {
  name: 'Pat Clerk',
  title: 'Registrar of Voters',
  email: 'pat@example.org',
  address: '12 Court St',
  city: 'Springfield',
  state_zipcode: 'CA 90001',
  phone_number: '555-0101',
  website: 'https://vote.example.org',
  date: '02-29-2024',
};
type Saved = Contact & { message: string };
type Page = { items: Contact[]; total: number };

describe('district contacts', () => {
  it('adds, reads, lists, updates and deletes a contact', async () => {
    const district = await createDistrict(server, auditor.token);
    const base = `/district-contacts/${district.id}`;
    const created = await server.call<Saved>('POST', base, { token: auditor.token, body: contact });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...contact,
      message: DISTRICT_MESSAGES.contactCreated,
      districtId: district.id,
      date: '2024-02-29',
      can: { update: true, delete: true },
    });
    const id = created.body.id;
    const read = await server.call<Contact>('GET', `${base}/${id}`, { token: auditor.token });
    expect(read.body).toMatchObject({ name: 'Pat Clerk' });
    await server.call('POST', base, {
      token: auditor.token,
      body: { ...contact, name: 'Ada Deputy', email: 'ada@example.org' },
    });
    const list = await server.call<Page>('GET', `${base}?search=ada&sort=name`, {
      token: auditor.token,
    });
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]?.name).toBe('Ada Deputy');
    const district2 = await server.call('GET', `/districts/${district.id}`, {
      token: auditor.token,
    });
    expect(district2.body).toMatchObject({ contacts: 2, contact_name: 'Pat Clerk' });
    const updated = await server.call<Saved>('PUT', `${base}/${id}`, {
      token: auditor.token,
      body: { ...contact, id, title: 'Clerk' },
    });
    expect(updated.body).toMatchObject({
      message: DISTRICT_MESSAGES.contactUpdated,
      title: 'Clerk',
    });
    const removed = await server.call('DELETE', `${base}/${id}`, { token: auditor.token });
    expect(removed.body).toEqual({ message: DISTRICT_MESSAGES.contactDeleted });
    const gone = await server.call('GET', `${base}/${id}`, { token: auditor.token });
    expect(gone.status).toBe(404);
  });

  it('requires name, title and email', async () => {
    const district = await createDistrict(server, auditor.token);
    for (const field of ['name', 'title', 'email'] as const) {
      for (const value of [undefined, '']) {
        const answer = await server.call('POST', `/district-contacts/${district.id}`, {
          token: auditor.token,
          body: { ...contact, [field]: value },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: `${field}: ${MESSAGES.required}` });
      }
    }
  });

  it('lets other members read but not change, and hides the contacts from strangers', async () => {
    const district = await createDistrict(server, auditor.token);
    const base = `/district-contacts/${district.id}`;
    const created = await server.call<Contact>('POST', base, {
      token: auditor.token,
      body: contact,
    });
    const election = await createElection(server, auditor.token, district.id);
    const observer = await createAccount(server, { role: 'User', plan: 1 });
    await addToElection(server, auditor.token, election.id, observer, 'Observer');
    const read = await server.call<Page>('GET', base, { token: observer.token });
    expect(read.body.items[0]?.can).toEqual({ update: false, delete: false });
    for (const [method, path] of [
      ['POST', base],
      ['PUT', `${base}/${created.body.id}`],
      ['DELETE', `${base}/${created.body.id}`],
    ] as const) {
      const answer = await server.call(method, path, {
        token: observer.token,
        body: method === 'DELETE' ? undefined : contact,
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: DISTRICT_MESSAGES.auditorOnlyContacts });
    }
    const stranger = await createAccount(server, { role: 'Client' });
    expect((await server.call('GET', base, { token: stranger.token })).status).toBe(404);
    // A contact is found only through its own district.
    const other = await createDistrict(server, auditor.token);
    const crossed = await server.call('GET', `/district-contacts/${other.id}/${created.body.id}`, {
      token: auditor.token,
    });
    expect(crossed.status).toBe(404);
    const crossedDelete = await server.call(
      'DELETE',
      `/district-contacts/${other.id}/${created.body.id}`,
      { token: auditor.token },
    );
    expect(crossedDelete.status).toBe(404);
  });
});
