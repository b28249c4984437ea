import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';
import { recordCredit } from './leaderboard.repository.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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
      .map((row) => [row.email, row.mapper_total, row.adjudicator_total]);
    expect(top).toEqual([
      [mapper.email, 2, 0],
      [judge.email, 1, 3],
    ]);
    const quiet = answer.body.items.find((row) => row.email === idle.email);
    expect(quiet).toMatchObject({ mapper_total: 0, adjudicator_total: 0 });

    const byJudging = await server.call<Page>(
      'GET',
      '/leader-board?sort=adjudicator_total&order=desc',
      {
        token: idle.session.access_token,
      },
    );
    expect(byJudging.body.items[0]?.email).toBe(judge.email);

    const searched = await server.call<Page>('GET', `/leader-board?search=${judge.email}`, {
      token: idle.session.access_token,
    });
    expect(searched.body.total).toBe(1);
    expect(searched.body.items[0]).toMatchObject({ first_name: 'Test', adjudicator_total: 3 });
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
