import { contestOutcome, type ReportedContest } from './contest.js';

/**
 * BRAVO ballot-polling (Lindeman, Stark & Yates, "BRAVO: Ballot-polling Risk-limiting Audits to
 * Verify Outcomes", EVT/WOTE 2012), as Arlo's `audit_math/bravo.py` computes it: each winner
 * is tested against each loser with Wald's sequential probability ratio test, taking the
 * reported shares as the alternative and a tie as the null.
 */

/** A winner–loser pair and the winner's share of the two's reported votes, s_w. */
export interface PollingPair {
  winner: string;
  loser: string;
  share: number;
}

/** Every winner against every loser with the winner's reported share of the pair's votes. */
export function pollingPairs(contest: ReportedContest): PollingPair[] {
  const { winners, losers } = contestOutcome(contest);
  return winners.flatMap((winner) =>
    losers.map((loser) => {
      const w = contest.votes[winner] ?? 0;
      const l = contest.votes[loser] ?? 0;
      return { winner, loser, share: w + l > 0 ? w / (w + l) : 0.5 };
    }),
  );
}

/**
 * BRAVO's average sample number: the draws expected to confirm the outcome at risk limit α
 * when the reported results are right, the largest over the winner–loser pairs:
 * ⌈(ln(1/α) + ln(2 s_w)/2) / (p_w ln(2 s_w) + p_l ln(2 − 2 s_w))⌉ with p the reported shares
 * of all ballots. A tie (s_w = ½) or a loser ahead never stops: the whole universe.
 */
export function pollingSampleSize(contest: ReportedContest, riskLimit: number): number {
  let size = 0;
  for (const pair of pollingPairs(contest)) {
    const pw = (contest.votes[pair.winner] ?? 0) / contest.ballots;
    const pl = (contest.votes[pair.loser] ?? 0) / contest.ballots;
    const zw = Math.log(2 * pair.share);
    const zl = pl > 0 ? Math.log(2 - 2 * pair.share) : 0;
    const drift = pw * zw + pl * zl;
    if (!(drift > 0)) return contest.ballots;
    size = Math.max(size, Math.ceil((Math.log(1 / riskLimit) + zw / 2) / drift));
  }
  return Math.min(size, contest.ballots);
}

export interface PollingPairRisk extends PollingPair {
  /** Draws showing the winner, and the loser (a ballot drawn twice counts twice). */
  winnerDraws: number;
  loserDraws: number;
  /** 1/T, where T multiplies 2 s_w for each draw for the winner and 2 − 2 s_w for the loser. */
  risk: number;
}

export interface PollingAssessment {
  pairs: PollingPairRisk[];
  /** The largest risk over the pairs: the contest's measured risk. */
  risk: number;
  riskLimitMet: boolean;
}

/**
 * BRAVO's measured risk of a contest from the votes the sample shows (per option, counting each
 * draw): the reported outcome is confirmed when every winner–loser pair's 1/T is at most α.
 */
export function assessPolling(
  contest: ReportedContest,
  riskLimit: number,
  sampled: Record<string, number>,
): PollingAssessment {
  const pairs = pollingPairs(contest).map((pair) => {
    const winnerDraws = sampled[pair.winner] ?? 0;
    const loserDraws = sampled[pair.loser] ?? 0;
    const logT =
      winnerDraws * Math.log(2 * pair.share) +
      (loserDraws > 0 ? loserDraws * Math.log(2 - 2 * pair.share) : 0);
    return { ...pair, winnerDraws, loserDraws, risk: Math.min(1, Math.exp(-logT)) };
  });
  const risk = pairs.reduce((max, p) => Math.max(max, p.risk), 0);
  return { pairs, risk, riskLimitMet: pairs.length > 0 && risk <= riskLimit };
}
