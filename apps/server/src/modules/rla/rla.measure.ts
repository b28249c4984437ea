import { assessContest, type ComparedBallot } from '@scrutineer/audit-core';
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

/** Measures every contest over all ballots read so far. */
export function measureContests(
  contests: RlaContestRecord[],
  ballots: number,
  riskLimitPercent: number,
  rows: RlaBallotRow[],
): RlaContestResult[] {
  return contests.map((contest) => {
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
