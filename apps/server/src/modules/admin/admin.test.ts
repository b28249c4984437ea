import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /admin/mail-outbox', () => {
  it('lists sent mail newest first with search and paging for an Admin', async () => {
    const admin = await createUser(server, { role: 'Admin' });
    const person = await createUser(server);
    const token = admin.session.access_token;
    const answer = await server.call<{ items: { to: string; subject: string }[]; total: number }>(
      'GET',
      `/admin/mail-outbox?search=${encodeURIComponent(person.email)}`,
      { token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(1);
    expect(answer.body.items[0]?.to).toBe(person.email);
    expect(answer.body.items[0]?.subject).toContain('Verify');
    const paged = await server.call<{ items: unknown[]; total: number }>(
      'GET',
      '/admin/mail-outbox?page_size=1&page=2',
      { token },
    );
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(2);
  });

  it('refuses a User with 403 and an anonymous caller with 401', async () => {
    const user = await createUser(server);
    const refused = await server.call('GET', '/admin/mail-outbox', {
      token: user.session.access_token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: MESSAGES.adminOnly });
    expect((await server.call('GET', '/admin/mail-outbox')).status).toBe(401);
  });

  it('refuses a page size above 100', async () => {
    const admin = await createUser(server, { role: 'Admin' });
    const answer = await server.call('GET', '/admin/mail-outbox?page_size=500', {
      token: admin.session.access_token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^page_size:/);
  });
});
