/** Ballot-level comparison risk-limiting audits: sample sizes, sampling, discrepancies, risk. */
export { consistentSample, type SamplerOptions, type Ticket } from './sampler.js';
export { contestOutcome, type ContestOutcome, type ReportedContest } from './contest.js';
export {
  GAMMA,
  EXPECTED_RATES,
  comparisonSampleSize,
  stoppingSize,
  ballotDiscrepancy,
  countMisstatements,
  measuredRisk,
  type BallotVotes,
  type Discrepancy,
  type Misstatements,
  type SampleSoFar,
  type SampledComparison,
} from './comparison.js';
export { assessContest, type ComparedBallot, type ContestAssessment } from './assess.js';
export {
  assessPolling,
  pollingPairs,
  pollingSampleSize,
  type PollingAssessment,
  type PollingPair,
  type PollingPairRisk,
} from './polling.js';
