import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessPolling, pollingSampleSize } from '@scrutineer/audit-core';
import {
  RLA_POLLING_METHOD,
  type Rla,
  type RlaAuditBallot,
  type RlaBoardBallot,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import type { Account } from '../../test/elections-fixtures.js';
import { councilOf, mayorOf, rlaJob, rlaPeople, storeCvrSet } from '../../test/rla-fixtures.js';

let server: TestServer;
let auditor: Account;
let first: Account;
let second: Account;
let jobId: number;

const SEED = '16180339887498948482';

beforeAll(async () => {
  server = await startTestServer();
  let electionId: number;
  ({ auditor, first, second, electionId } = await rlaPeople(server));
  await storeCvrSet(server, electionId, auditor.id);
  jobId = await rlaJob(server, auditor.token, electionId, 'RLA polling');
});
afterAll(async () => server.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  contest_ids: ['Mayor', 'Council'],
  risk_limit: 10,
  seed: SEED,
  boards: [{ name: 'Board 1', member_ids: [first.id, second.id] }],
  method: 'polling',
  ...overrides,
});

describe('a ballot-polling audit (BRAVO)', () => {
  let rla: Rla;

  it('refuses an unknown method, saving nothing', async () => {
    const answer = await server.call<{ error: string }>('POST', `/rla/${jobId}`, {
      token: auditor.token,
      body: body({ method: 'guess' }),
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: 'method: The method is comparison or polling.' },
    });
    expect(
      (await server.call<{ rla: Rla | null }>('GET', `/rla/${jobId}`, { token: auditor.token }))
        .body.rla,
    ).toBeNull();
  });

  it('sizes round 1 by BRAVO’s average sample number and names the method', async () => {
    const answer = await server.call<{ rla: Rla }>('POST', `/rla/${jobId}`, {
      token: auditor.token,
      body: body(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    rla = answer.body.rla;
    expect(rla).toMatchObject({ kind: 'polling', method: RLA_POLLING_METHOD.name, gamma: null });
    // Mayor Alice 120 to Bob 80 of 200: the shares of Arlo's test1 (600 to 400 of 1000), 119.
    const mayor = { id: 'Mayor', voteFor: 1, votes: { Alice: 120, Bob: 80 }, ballots: 200 };
    expect(pollingSampleSize(mayor, 0.1)).toBe(119);
    expect(rla.rounds[0]?.draws).toBe(119);
  });

  it('measures the risk from the readings alone, each draw counted', async () => {
    const board = await server.call<{ items: RlaBoardBallot[] }>('GET', `/rla/${jobId}/board`, {
      token: first.token,
    });
    let last: Rla | undefined;
    for (const b of board.body.items) {
      const contests = {
        Mayor: [mayorOf(b.batch, b.position)],
        Council: councilOf(b.batch, b.position),
      };
      for (const member of [first, second]) {
        const entered = await server.call<{ rla: Rla }>(
          'PUT',
          `/rla/${jobId}/ballots/${b.id}/reading`,
          { token: member.token, body: { contests } },
        );
        expect(entered.status).toBe(200);
        last = entered.body.rla;
      }
    }
    const ballots = await server.call<{ items: RlaAuditBallot[] }>('GET', `/rla/${jobId}/ballots`, {
      token: auditor.token,
    });
    const tally: Record<string, number> = {};
    for (const b of ballots.body.items)
      for (const option of b.reading?.contests.Mayor ?? [])
        tally[option] = (tally[option] ?? 0) + b.times_sampled;
    expect((tally.Alice ?? 0) + (tally.Bob ?? 0)).toBe(119);
    const expected = assessPolling(
      { id: 'Mayor', voteFor: 1, votes: { Alice: 120, Bob: 80 }, ballots: 200 },
      0.1,
      tally,
    );
    const mayor = last?.rounds[0]?.results?.find((r) => r.contest_id === 'Mayor');
    expect(mayor).toMatchObject({
      draws: 119,
      o1: 0,
      o2: 0,
      risk_limit_met: expected.riskLimitMet,
    });
    expect(mayor?.risk).toBeCloseTo(expected.risk, 12);
    const council = last?.rounds[0]?.results?.find((r) => r.contest_id === 'Council');
    expect(council?.risk_limit_met).toBe(true);
    // Short of the limit, the next round would ask for another 119 draws: 238 reach the 200
    // ballots of the universe, so the audit escalates to a full hand count.
    const stop = Math.min(200, 119 + 119);
    expect(last?.status).toBe(
      expected.riskLimitMet ? 'risk_limit_met' : stop >= 200 ? 'full_hand_count' : 'in_progress',
    );
    if (!expected.riskLimitMet)
      expect(mayor).toMatchObject({ stopping_size: stop, full_hand_count: stop >= 200 });
  }, 300_000);
});
