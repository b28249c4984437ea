import type { ContestOutcome, ReportedContest } from './contest.js';

/**
 * Error inflation γ of Stark's super-simple audit: the value ColoradoRLA, Arlo and Stark's
 * tools use.
 */
export const GAMMA = 1.03905;

/** Expected misstatement rates used for a first round: one-vote 1 in 1000, two-vote 1 in 10000. */
export const EXPECTED_RATES = { o1: 0.001, o2: 0.0001, u1: 0.001, u2: 0.0001 } as const;

/** Counts of one- and two-vote over- (o) and understatements (u). */
export interface Misstatements {
  o1: number;
  o2: number;
  u1: number;
  u2: number;
}

const NONE: Misstatements = { o1: 0, o2: 0, u1: 0, u2: 0 };

/**
 * Kaplan–Markov comparison sample size for counts of misstatements (ColoradoRLA's and Stark's
 * `nMin`): n = ⌈−2γ (ln α + o1 ln(1−1/2γ) + o2 ln(1−1/γ) + u1 ln(1+1/2γ) + u2 ln(1+1/γ)) / μ⌉,
 * and never fewer than the misstatements themselves.
 */
export function comparisonSampleSize(
  riskLimit: number,
  dilutedMargin: number,
  misstatements: Partial<Misstatements> = {},
  gamma = GAMMA,
): number {
  const { o1, o2, u1, u2 } = { ...NONE, ...misstatements };
  const n = Math.ceil(
    (-2 *
      gamma *
      (Math.log(riskLimit) +
        o1 * Math.log(1 - 1 / (2 * gamma)) +
        o2 * Math.log(1 - 1 / gamma) +
        u1 * Math.log(1 + 1 / (2 * gamma)) +
        u2 * Math.log(1 + 1 / gamma))) /
      dilutedMargin,
  );
  return Math.max(o1 + o2 + u1 + u2, n);
}

/** What has been sampled so far: draws (with repeats) and the overstatements among them. */
export interface SampleSoFar {
  draws: number;
  o1: number;
  o2: number;
}

const roundHalfUp = (x: number): number => Math.floor(x + 0.5);

/**
 * Draws in total at which the audit is expected to stop, as Arlo's `supersimple`: the rates
 * of over-statements seen so far (or the expected rates before any) give a first size n0, the
 * misstatements expected in n0 draws give `comparisonSampleSize`, capped at the ballots. When
 * the rates seen leave no chance of stopping, the answer is every ballot: a full hand count.
 * Understatements are left out: they favour the reported winner.
 */
export function stoppingSize(
  riskLimit: number,
  dilutedMargin: number,
  ballots: number,
  sampled?: SampleSoFar,
  gamma = GAMMA,
): number {
  if (dilutedMargin <= 0) return ballots;
  const rates =
    sampled && sampled.draws > 0
      ? { o1: sampled.o1 / sampled.draws, o2: sampled.o2 / sampled.draws, u1: 0, u2: 0 }
      : EXPECTED_RATES;
  const denom =
    Math.log(1 - dilutedMargin / (2 * gamma)) -
    rates.o1 * Math.log(1 - 1 / (2 * gamma)) -
    rates.o2 * Math.log(1 - 1 / gamma) -
    rates.u1 * Math.log(1 + 1 / (2 * gamma)) -
    rates.u2 * Math.log(1 + 1 / gamma);
  if (denom >= 0) return ballots;
  const n0 = Math.ceil(Math.log(riskLimit) / denom);
  const expected = {
    o1: Math.ceil(rates.o1 * n0 - 1e-12),
    u1: Math.ceil(rates.u1 * n0 - 1e-12),
    o2: roundHalfUp(rates.o2 * n0),
    u2: roundHalfUp(rates.u2 * n0),
  };
  return Math.min(comparisonSampleSize(riskLimit, dilutedMargin, expected, gamma), ballots);
}

/** Votes on one ballot in one contest: option ids, or null when the paper ballot was not found. */
export type BallotVotes = readonly string[] | null;

export interface Discrepancy {
  /** The largest winner–loser error on this ballot: 2, 1, 0, −1 or −2 votes. */
  countedAs: number;
  /** That error over the pair's reported margin in votes. */
  weightedError: number;
}

/**
 * Compares what the record says with what the audit board read, over every winner–loser pair
 * (Arlo's `compute_discrepancies`): e = (v_w − a_w) − (v_l − a_l). A ballot with no record, or
 * one the board could not find, counts as a two-vote overstatement.
 */
export function ballotDiscrepancy(
  contest: ReportedContest,
  outcome: ContestOutcome,
  reported: BallotVotes | undefined,
  audited: BallotVotes,
): Discrepancy | null {
  let worst: Discrepancy | null = null;
  for (const winner of outcome.winners) {
    for (const loser of outcome.losers) {
      const error =
        reported === undefined || reported === null || audited === null
          ? 2
          : has(reported, winner) -
            has(audited, winner) -
            (has(reported, loser) - has(audited, loser));
      if (error === 0) continue;
      const gap = (contest.votes[winner] ?? 0) - (contest.votes[loser] ?? 0);
      const weightedError = gap > 0 ? error / gap : Number.POSITIVE_INFINITY;
      if (!worst || error > worst.countedAs) worst = { countedAs: error, weightedError };
    }
  }
  return worst;
}

const has = (votes: readonly string[], option: string): number => (votes.includes(option) ? 1 : 0);

/** Tallies misstatements by kind. */
export function countMisstatements(discrepancies: Iterable<Discrepancy | null>): Misstatements {
  const counts = { ...NONE };
  for (const d of discrepancies) {
    if (!d) continue;
    if (d.countedAs >= 2) counts.o2 += 1;
    else if (d.countedAs === 1) counts.o1 += 1;
    else if (d.countedAs === -1) counts.u1 += 1;
    else if (d.countedAs <= -2) counts.u2 += 1;
  }
  return counts;
}

/** One sampled ballot for the risk measurement: its discrepancy and how often it was drawn. */
export interface SampledComparison {
  discrepancy: Discrepancy | null;
  timesSampled: number;
}

/**
 * The Kaplan–Markov p-value of the sample (Arlo's `compute_risk`): the product over draws of
 * (1 − μ/2γ) / (1 − e·V/2γ), understatements counted as no error. A sample that covers every
 * ballot is a full hand count: risk 0.
 */
export function measuredRisk(
  outcome: ContestOutcome,
  ballots: number,
  sample: Iterable<SampledComparison>,
  gamma = GAMMA,
): number {
  let p = 1;
  let draws = 0;
  const margin = outcome.dilutedMargin;
  const marginVotes = margin * ballots;
  for (const { discrepancy, timesSampled } of sample) {
    draws += timesSampled;
    if (margin <= 0) continue;
    const error = Math.max(discrepancy?.weightedError ?? 0, 0);
    const step = (1 - margin / (2 * gamma)) / (1 - (error * marginVotes) / (2 * gamma));
    p *= step < 0 || !Number.isFinite(step) ? Number.POSITIVE_INFINITY : step ** timesSampled;
  }
  if (draws >= ballots) return 0;
  return Math.min(p, 1);
}
