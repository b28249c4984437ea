import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';
import { recordCredit } from './leaderboard.repository.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'Admin' });
});
afterAll(async () => server.close());

type Page = { items: LeaderboardRow[]; total: number };

describe('GET /leader-board', () => {
  it('counts accepted mappings and adjudications per person, zero without any, mapper score first', async () => {
    const mapper = await createUser(server);
    const judge = await createUser(server);
    const idle = await createUser(server);
    const db = server.deps.database.db;
    await recordCredit(db, { userId: mapper.id, jobId: null, kind: 'mapper', subject: 'style-1' });
    await recordCredit(db, { userId: mapper.id, jobId: null, kind: 'mapper', subject: 'style-2' });
    // The same accepted work credited twice counts once.
    await recordCredit(db, { userId: mapper.id, jobId: null, kind: 'mapper', subject: 'style-2' });
    await recordCredit(db, { userId: judge.id, jobId: null, kind: 'mapper', subject: 'style-3' });
    for (const ballot of ['b1', 'b2', 'b3']) {
      await recordCredit(db, {
        userId: judge.id,
        jobId: null,
        kind: 'adjudicator',
        subject: ballot,
      });
    }

    const answer = await server.call<Page>('GET', '/leader-board', {
      token: idle.session.access_token,
    });
    expect(answer.status).toBe(200);
    const top = answer.body.items
      .slice(0, 2)
      .map((row) => [row.id, row.mapper_total, row.adjudicator_total]);
    expect(top).toEqual([
      [mapper.id, 2, 0],
      [judge.id, 1, 3],
    ]);
    const quiet = answer.body.items.find((row) => row.id === idle.id);
    expect(quiet).toMatchObject({ mapper_total: 0, adjudicator_total: 0 });

    const byJudging = await server.call<Page>(
      'GET',
      '/leader-board?sort=adjudicator_total&order=desc',
      {
        token: idle.session.access_token,
      },
    );
    expect(byJudging.body.items[0]?.id).toBe(judge.id);

    const searched = await server.call<Page>('GET', `/leader-board?search=${judge.email}`, {
      token: admin.session.access_token,
    });
    expect(searched.body.total).toBe(1);
    expect(searched.body.items[0]).toMatchObject({ first_name: 'Test', adjudicator_total: 3 });
  });

  it("shows others' e-mail masked to a User, and only an Admin everyone's", async () => {
    const viewer = await createUser(server);
    const other = await createUser(server);
    const page = async (token: string, query = '') =>
      (await server.call<Page>('GET', `/leader-board?page_size=100${query}`, { token })).body;
    const seen = await page(viewer.session.access_token);
    expect(seen.items.find((row) => row.id === viewer.id)?.email).toBe(viewer.email);
    const masked = seen.items.find((row) => row.id === other.id)?.email;
    expect(masked).not.toContain(other.email.split('@')[0]!.slice(1));
    expect(masked).toMatch(/^.•••@.•••\.\w+$/);
    for (const row of seen.items.filter((item) => item.id !== viewer.id))
      expect(row.email, String(row.id)).toContain('•••');
    // An address cannot be probed through search or the e-mail order either.
    const probed = await page(viewer.session.access_token, `&search=${other.email}`);
    expect(probed.total).toBe(0);
    const own = await page(viewer.session.access_token, `&search=${viewer.email}`);
    expect(own.items.map((row) => row.id)).toEqual([viewer.id]);
    const byEmail = await page(viewer.session.access_token, '&sort=email&order=asc');
    const byLastName = await page(viewer.session.access_token, '&sort=last_name&order=asc');
    expect(byEmail.items.map((row) => row.id)).toEqual(byLastName.items.map((row) => row.id));

    const full = await page(admin.session.access_token);
    expect(full.items.find((row) => row.id === other.id)?.email).toBe(other.email);
  });

  it('needs a signed-in caller and refuses an unknown sort', async () => {
    expect((await server.call('GET', '/leader-board')).status).toBe(401);
    const person = await createUser(server);
    const answer = await server.call('GET', '/leader-board?sort=password_hash', {
      token: person.session.access_token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^sort:/);
  });
});
