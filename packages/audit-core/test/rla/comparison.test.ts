import { describe, expect, it } from 'vitest';
import {
  assessContest,
  comparisonSampleSize,
  contestOutcome,
  stoppingSize,
  type ComparedBallot,
  type ReportedContest,
} from '../../src/rla/index.js';

describe('comparisonSampleSize', () => {
  // ColoradoRLA's test notes for the Arapahoe 2016 sample, risk limit 10 %.
  it.each([
    [{}, 8],
    [{ o1: 1 }, 10],
    [{ o2: 1 }, 18],
    [{ u1: 1 }, 7],
    [{ u2: 1 }, 6],
  ])('gives ColoradoRLA’s figure for margin 66.1 %% and γ 1.03905 with %o', (misstatements, n) => {
    expect(comparisonSampleSize(0.1, 0.661, misstatements, 1.03905)).toBe(n);
  });

  it('gives 482 for margin 1.05263 % and γ 1.1', () => {
    expect(comparisonSampleSize(0.1, 0.0105263, {}, 1.1)).toBe(482);
  });
});

// Arlo's ballot-comparison expectations, from votingworks/arlo
// server/tests/audit_math/test_supersimple.py (commit 06193feca5efed57b05cb0aba10e19f012b91f90):
// contests, diluted margins, first-round sizes "from Stark's tool", stopping sizes after one
// one-vote and one two-vote overstatement, and p-values, at risk limit 10 %.
const ARLO: Record<
  string,
  {
    votes: Record<string, number>;
    ballots: number;
    voteFor?: number;
    margin: number;
    size: number;
    o1Stop: number;
    o2Stop: number;
    p: [number, number, number];
  }
> = {
  'Contest A': {
    votes: { winner: 60000, loser: 40000 },
    ballots: 100000,
    margin: 0.2,
    size: 27,
    o1Stop: 38,
    o2Stop: 100000,
    p: [0.06507, 0.12534, 1.0],
  },
  'Contest B': {
    votes: { winner: 30000, loser: 24000 },
    ballots: 60000,
    margin: 0.1,
    size: 54,
    o1Stop: 76,
    o2Stop: 60000,
    p: [0.06973, 0.13441, 1.0],
  },
  'Contest C': {
    votes: { winner: 18000, loser: 12600 },
    ballots: 36000,
    margin: 0.15,
    size: 36,
    o1Stop: 51,
    o2Stop: 36000,
    p: [0.0674, 0.12992, 1.0],
  },
  'Contest D': {
    votes: { winner: 8000, loser: 6000 },
    ballots: 15000,
    margin: 2 / 15,
    size: 40,
    o1Stop: 57,
    o2Stop: 15000,
    p: [0.07048, 0.13585, 1.0],
  },
  'Contest E': {
    votes: { winner: 10000, loser: 0 },
    ballots: 10000,
    margin: 1,
    size: 6,
    o1Stop: 7,
    o2Stop: 33,
    p: [0.0195, 0.03758, 0.51877],
  },
  'Two-winner Contest': {
    votes: { winner1: 600, winner2: 300, loser: 100 },
    ballots: 1000,
    voteFor: 2,
    margin: 0.2,
    size: 27,
    o1Stop: 38,
    o2Stop: 1000,
    p: [0.06508, 0.12534, 1.0],
  },
};

const contestOf = (id: string): ReportedContest => {
  const c = ARLO[id]!;
  return { id, voteFor: c.voteFor ?? 1, votes: c.votes, ballots: c.ballots };
};

describe("Arlo's ballot-comparison cases", () => {
  it.each(Object.keys(ARLO))('%s: diluted margin and first-round sample size', (id) => {
    const outcome = contestOutcome(contestOf(id));
    expect(outcome.dilutedMargin).toBeCloseTo(ARLO[id]!.margin, 12);
    expect(stoppingSize(0.1, outcome.dilutedMargin, ARLO[id]!.ballots)).toBe(ARLO[id]!.size);
  });

  it('Contest F (10 to 4 of 15 ballots): first round 14, capped at 15 after an overstatement', () => {
    const margin = contestOutcome({
      id: 'F',
      voteFor: 1,
      votes: { winner: 10, loser: 4 },
      ballots: 15,
    }).dilutedMargin;
    expect(stoppingSize(0.1, margin, 15)).toBe(14);
    expect(stoppingSize(0.1, margin, 15, { draws: 14, o1: 1, o2: 0 })).toBe(15);
    expect(stoppingSize(0.1, margin, 15, { draws: 14, o1: 0, o2: 1 })).toBe(15);
  });

  it.each(Object.keys(ARLO))(
    '%s: p-values with no discrepancy, one 1-vote and one 2-vote overstatement',
    (id) => {
      const expected = ARLO[id]!;
      const contest = contestOf(id);
      const { winners, losers } = contestOutcome(contest);
      // Arlo's ballot-0 records a vote for the last winner only (winner2 in the two-seat contest).
      const recorded = [winners[winners.length - 1]!];
      const clean: ComparedBallot = { reported: recorded, audited: recorded, timesSampled: 1 };
      const rest = Array.from({ length: expected.size - 1 }, () => clean);
      const cases: ComparedBallot[] = [
        clean,
        { reported: recorded, audited: [], timesSampled: 1 },
        { reported: recorded, audited: [losers[0]!], timesSampled: 1 },
      ];
      const results = cases.map((first) => assessContest(contest, 0.1, [first, ...rest]));
      results.forEach((result, i) => expect(result.risk).toBeCloseTo(expected.p[i]!, 3));
      expect(results.map((r) => r.riskLimitMet)).toEqual([true, id === 'Contest E', false]);
      const margin = contestOutcome(contest).dilutedMargin;
      const after = (o1: number, o2: number) =>
        stoppingSize(0.1, margin, contest.ballots, { draws: expected.size, o1, o2 });
      expect(after(1, 0)).toBe(expected.o1Stop);
      expect(after(0, 1)).toBe(expected.o2Stop);
      expect(results[1]!.misstatements).toEqual({ o1: 1, o2: 0, u1: 0, u2: 0 });
      expect(results[2]!.misstatements).toEqual({ o1: 0, o2: 1, u1: 0, u2: 0 });
      expect(results[2]!.fullHandCount).toBe(id !== 'Contest E');
    },
  );

  // Arlo's sample shares its ballot objects with the records, so the two ballots it blanks
  // are blank on both sides: 18 draws without a discrepancy.
  it('16 to 10 of 26 after 18 draws without a discrepancy: p 0.1201733, not met', () => {
    const contest: ReportedContest = {
      id: 'Jonah Test',
      voteFor: 1,
      votes: { winner: 16, loser: 10 },
      ballots: 26,
    };
    const sample: ComparedBallot[] = Array.from({ length: 18 }, (_, i) => {
      const recorded = i < 16 ? ['winner'] : ['loser'];
      return { reported: recorded, audited: recorded, timesSampled: 1 };
    });
    const result = assessContest(contest, 0.1, sample);
    expect(result.risk).toBeCloseTo(0.1201733, 4);
    expect(result.riskLimitMet).toBe(false);
  });

  it('a sample drawn with replacement that reaches the ballot count is a full hand tally', () => {
    const contest: ReportedContest = {
      id: 'Full Hand Tally',
      voteFor: 1,
      votes: { choice_1: 5, choice_2: 4 },
      ballots: 10,
    };
    const sample: ComparedBallot[] = [
      ['choice_1'],
      ['choice_1'],
      ['choice_2'],
      ['choice_2'],
      ['choice_2'],
    ].map((v) => ({ reported: v, audited: v, timesSampled: 2 }));
    const result = assessContest(contest, 0.1, sample);
    expect(result.risk).toBe(0);
    expect(result.riskLimitMet).toBe(true);
  });

  it('a tied contest needs every ballot', () => {
    const contest: ReportedContest = {
      id: 'Tied Contest',
      voteFor: 1,
      votes: { winner: 50000, loser: 50000 },
      ballots: 100000,
    };
    expect(stoppingSize(0.1, contestOutcome(contest).dilutedMargin, 100000)).toBe(100000);
    const one = assessContest(contest, 0.1, [
      { reported: ['winner'], audited: ['winner'], timesSampled: 1 },
    ]);
    expect(one.riskLimitMet).toBe(false);
    expect(one.fullHandCount).toBe(true);
  });

  it('counts a ballot without a record, or not found by the board, as a two-vote overstatement', () => {
    const contest = contestOf('Contest D');
    const outcome = contestOutcome(contest);
    const noRecord = assessContest(contest, 0.1, [
      { reported: undefined, audited: ['winner'], timesSampled: 1 },
      { reported: ['winner'], audited: null, timesSampled: 1 },
    ]);
    expect(noRecord.discrepancies).toEqual([
      { countedAs: 2, weightedError: 2 / 2000 },
      { countedAs: 2, weightedError: 2 / 2000 },
    ]);
    expect(outcome.marginVotes).toBe(2000);
  });

  it('records understatements without letting them lower the risk', () => {
    const contest = contestOf('Contest A');
    const clean: ComparedBallot = { reported: ['winner'], audited: ['winner'], timesSampled: 1 };
    const under: ComparedBallot = { reported: ['loser'], audited: ['winner'], timesSampled: 1 };
    const withUnder = assessContest(contest, 0.1, [
      under,
      ...Array.from({ length: 26 }, () => clean),
    ]);
    const without = assessContest(
      contest,
      0.1,
      Array.from({ length: 27 }, () => clean),
    );
    expect(withUnder.misstatements).toEqual({ o1: 0, o2: 0, u1: 0, u2: 1 });
    expect(withUnder.risk).toBeCloseTo(without.risk, 12);
  });
});
