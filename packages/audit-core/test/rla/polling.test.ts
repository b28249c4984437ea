import { describe, expect, it } from 'vitest';
import {
  assessPolling,
  pollingPairs,
  pollingSampleSize,
  type ReportedContest,
} from '../../src/rla/index.js';

// Arlo's BRAVO expectations, from votingworks/arlo server/tests/audit_math/test_bravo.py
// (commit 07458da4036ad01a5737aae4a5b01e76419b5e22), risk limit 10 %: the contests
// (`bravo_contests`), their expected sample sizes (`test_expected_sample_sizes`: ASN) and the
// risks after round 1's sample (`test_compute_risk`, checked there to within 0.01).
const ARLO: Record<
  string,
  {
    votes: Record<string, number>;
    ballots: number;
    winners: number;
    asn: number;
    round1: Record<string, number>;
    risks: [string, string, number][];
    met: boolean;
  }
> = {
  test1: {
    votes: { cand1: 600, cand2: 400 },
    ballots: 1000,
    winners: 1,
    asn: 119,
    round1: { cand1: 72, cand2: 47 },
    risks: [['cand1', 'cand2', 0.07]],
    met: true,
  },
  test2: {
    votes: { cand1: 600, cand2: 200, cand3: 100 },
    ballots: 900,
    winners: 1,
    asn: 22,
    round1: { cand1: 25, cand2: 18, cand3: 5 },
    risks: [
      ['cand1', 'cand2', 1.0],
      ['cand1', 'cand3', 0],
    ],
    met: false,
  },
  test6: {
    votes: { cand1: 300, cand2: 200, cand3: 200 },
    ballots: 1000,
    winners: 1,
    asn: 238,
    round1: { cand1: 72, cand2: 48, cand3: 48 },
    risks: [
      ['cand1', 'cand2', 0.08],
      ['cand1', 'cand3', 0.08],
    ],
    met: true,
  },
  test7: {
    votes: { cand1: 300, cand2: 200, cand3: 100 },
    ballots: 700,
    winners: 2,
    asn: 101,
    round1: { cand1: 30, cand2: 25, cand3: 10 },
    risks: [
      ['cand1', 'cand3', 0.01],
      ['cand2', 'cand3', 0.04],
    ],
    met: true,
  },
  test8: {
    votes: { cand1: 300, cand2: 300, cand3: 100 },
    ballots: 700,
    winners: 2,
    asn: 34,
    round1: { cand1: 72, cand2: 55, cand3: 30 },
    risks: [
      ['cand1', 'cand3', 0.0],
      ['cand2', 'cand3', 0.22],
    ],
    met: false,
  },
  test10: {
    votes: { cand1: 600, cand2: 300, cand3: 100 },
    ballots: 1000,
    winners: 2,
    asn: 48,
    round1: { cand1: 60, cand2: 30, cand3: 10 },
    risks: [
      ['cand1', 'cand3', 0],
      ['cand2', 'cand3', 0.01],
    ],
    met: true,
  },
  test12: {
    votes: { cand1: 600, cand2: 400, cand3: 0 },
    ballots: 1000,
    winners: 1,
    asn: 119,
    round1: { cand1: 72, cand2: 47, cand3: 0 },
    risks: [
      ['cand1', 'cand2', 0.07],
      ['cand1', 'cand3', 0],
    ],
    met: true,
  },
};

const contestOf = (name: string): ReportedContest => {
  const c = ARLO[name];
  if (!c) throw new Error(name);
  return { id: name, voteFor: c.winners, votes: c.votes, ballots: c.ballots };
};

describe('BRAVO ballot polling', () => {
  it.each(Object.keys(ARLO))('gives Arlo’s expected sample size for %s', (name) => {
    expect(pollingSampleSize(contestOf(name), 0.1)).toBe(ARLO[name]?.asn);
  });

  it.each(Object.keys(ARLO))('measures Arlo’s risk after round 1 for %s', (name) => {
    const expected = ARLO[name];
    const assessed = assessPolling(contestOf(name), 0.1, expected?.round1 ?? {});
    for (const [winner, loser, risk] of expected?.risks ?? []) {
      const pair = assessed.pairs.find((p) => p.winner === winner && p.loser === loser);
      expect(Math.abs((pair?.risk ?? 2) - risk), `${winner} ${loser}`).toBeLessThan(0.01);
    }
    expect(assessed.riskLimitMet).toBe(expected?.met);
  });

  it('asks for the whole universe when the reported result is a tie (Arlo’s test5)', () => {
    const tie = { id: 'tie', voteFor: 1, votes: { cand1: 500, cand2: 500 }, ballots: 1000 };
    expect(pollingSampleSize(tie, 0.1)).toBe(1000);
    expect(assessPolling(tie, 0.1, { cand1: 10, cand2: 3 }).riskLimitMet).toBe(false);
  });

  it('tests every winner against every loser with the winner’s share of the pair', () => {
    expect(pollingPairs(contestOf('test7'))).toEqual([
      { winner: 'cand1', loser: 'cand3', share: 0.75 },
      { winner: 'cand2', loser: 'cand3', share: 2 / 3 },
    ]);
    // Before any draw every pair is at risk 1; draws for the loser only raise nothing above 1.
    expect(assessPolling(contestOf('test1'), 0.1, {}).risk).toBe(1);
    expect(assessPolling(contestOf('test1'), 0.1, { cand2: 30 }).risk).toBe(1);
  });
});
