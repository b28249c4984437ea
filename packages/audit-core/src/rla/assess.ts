import {
  ballotDiscrepancy,
  countMisstatements,
  measuredRisk,
  stoppingSize,
  type BallotVotes,
  type Discrepancy,
  type Misstatements,
} from './comparison.js';
import { contestOutcome, type ContestOutcome, type ReportedContest } from './contest.js';

/** A sampled ballot with the record's votes and the audit board's reading for one contest. */
export interface ComparedBallot {
  /** Undefined: the ballot has no vote record. */
  reported: BallotVotes | undefined;
  /** Null: the board could not find the ballot. */
  audited: BallotVotes;
  timesSampled: number;
}

export interface ContestAssessment {
  outcome: ContestOutcome;
  draws: number;
  misstatements: Misstatements;
  /** Kaplan–Markov p-value of the sample so far. */
  risk: number;
  riskLimitMet: boolean;
  /** Draws in total at which the audit is now expected to stop; 0 once the limit is met. */
  stoppingSize: number;
  /** The sample would have to reach every ballot: only a full hand count can settle it. */
  fullHandCount: boolean;
  discrepancies: (Discrepancy | null)[];
}

/** Measures one contest's risk after a round and says what the next round needs. */
export function assessContest(
  contest: ReportedContest,
  riskLimit: number,
  sample: readonly ComparedBallot[],
): ContestAssessment {
  const outcome = contestOutcome(contest);
  const discrepancies = sample.map((b) =>
    ballotDiscrepancy(contest, outcome, b.reported, b.audited),
  );
  const draws = sample.reduce((sum, b) => sum + b.timesSampled, 0);
  const counted = sample.flatMap((b, i) =>
    Array.from({ length: b.timesSampled }, () => discrepancies[i] ?? null),
  );
  const misstatements = countMisstatements(counted);
  const risk = measuredRisk(
    outcome,
    contest.ballots,
    sample.map((b, i) => ({ discrepancy: discrepancies[i] ?? null, timesSampled: b.timesSampled })),
  );
  const riskLimitMet = risk < riskLimit;
  const stopping = riskLimitMet
    ? 0
    : stoppingSize(riskLimit, outcome.dilutedMargin, contest.ballots, {
        draws,
        o1: misstatements.o1,
        o2: misstatements.o2,
      });
  return {
    outcome,
    draws,
    misstatements,
    risk,
    riskLimitMet,
    stoppingSize: stopping,
    fullHandCount: !riskLimitMet && stopping >= contest.ballots,
    discrepancies,
  };
}
