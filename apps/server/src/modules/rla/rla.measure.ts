import {
  assessContest,
  assessPolling,
  pollingSampleSize,
  type ComparedBallot,
} from '@scrutineer/audit-core';
import type { RlaContestRecord, RlaContestResult } from '../../db/schema-rla.js';
import type { RlaBallotRow } from './rla.repository.js';

export const timesSampled = (row: Pick<RlaBallotRow, 'draws'>): number =>
  Object.values(row.draws).reduce((sum, n) => sum + n, 0);

const reportedOf = (row: RlaBallotRow, contestId: string): string[] | undefined =>
  row.cvrVotes ? (row.cvrVotes[contestId] ?? []) : undefined;

/** What the board read for a contest; more marks than allowed is an overvote: no vote. */
export function auditedOf(row: RlaBallotRow, contest: RlaContestRecord): string[] | null {
  if (!row.reading || row.reading.notFound) return null;
  const marked = [...new Set(row.reading.contests[contest.id] ?? [])];
  return marked.length > Math.max(1, contest.voteFor) ? [] : marked.sort();
}

const compared = (rows: RlaBallotRow[], contest: RlaContestRecord): ComparedBallot[] =>
  rows.map((row) => ({
    reported: reportedOf(row, contest.id),
    audited: auditedOf(row, contest),
    timesSampled: timesSampled(row),
  }));

/** Per contest, the discrepancy in votes of one read ballot. */
export function ballotDiscrepancies(
  row: RlaBallotRow,
  contests: RlaContestRecord[],
  ballots: number,
  riskLimit: number,
): Record<string, number> {
  return Object.fromEntries(
    contests.map((contest) => {
      const [d] = assessContest(
        reportedContest(contest, ballots),
        riskLimit,
        compared([row], contest),
      ).discrepancies;
      return [contest.id, d?.countedAs ?? 0];
    }),
  );
}

const reportedContest = (contest: RlaContestRecord, ballots: number) => ({
  id: contest.id,
  voteFor: contest.voteFor,
  votes: contest.votes,
  ballots,
});

/**
 * BRAVO over the ballots read so far: each draw of a ballot counts its votes again. Short of
 * the limit, the next round asks for another average sample number; at the universe, the
 * audit escalates to a full hand count. Over- and understatements are not part of polling.
 */
function measurePolling(
  contest: RlaContestRecord,
  ballots: number,
  alpha: number,
  rows: RlaBallotRow[],
): RlaContestResult {
  const sampled: Record<string, number> = {};
  let draws = 0;
  for (const row of rows) {
    if (!row.reading) continue;
    const times = timesSampled(row);
    draws += times;
    for (const option of auditedOf(row, contest) ?? [])
      sampled[option] = (sampled[option] ?? 0) + times;
  }
  const reported = reportedContest(contest, ballots);
  const a = assessPolling(reported, alpha, sampled);
  const stop = a.riskLimitMet
    ? draws
    : Math.min(ballots, draws + pollingSampleSize(reported, alpha));
  return {
    contestId: contest.id,
    draws,
    o1: 0,
    o2: 0,
    u1: 0,
    u2: 0,
    risk: a.risk,
    riskLimitMet: a.riskLimitMet,
    stoppingSize: stop,
    fullHandCount: !a.riskLimitMet && stop >= ballots,
  };
}

/** Measures every contest over all ballots read so far, by the audit's method. */
export function measureContests(
  contests: RlaContestRecord[],
  ballots: number,
  riskLimitPercent: number,
  rows: RlaBallotRow[],
  method = 'comparison',
): RlaContestResult[] {
  return contests.map((contest) => {
    if (method === 'polling') return measurePolling(contest, ballots, riskLimitPercent / 100, rows);
    const a = assessContest(
      reportedContest(contest, ballots),
      riskLimitPercent / 100,
      compared(rows, contest),
    );
    return {
      contestId: contest.id,
      draws: a.draws,
      ...a.misstatements,
      risk: a.risk,
      riskLimitMet: a.riskLimitMet,
      stoppingSize: a.stoppingSize,
      fullHandCount: a.fullHandCount,
    };
  });
}
