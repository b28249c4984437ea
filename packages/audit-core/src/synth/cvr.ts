import type { ContestVote, CvrBallot } from '../cvr/model.js';
import {
  writeDominionCsv,
  writeDominionJson,
  writeEssCsv,
  type CvrSink,
} from '../cvr/writers/index.js';
import type { PlantedDiscrepancy } from './discrepancies.js';
import type { SynthElection } from './election.js';
import { planBallot, type BallotPlan, type PlanOptions } from './plan.js';

/** What a faithful tabulator records for a planned ballot: the voter's intent. */
export function recordOf(election: SynthElection, plan: BallotPlan, id = plan.id): CvrBallot {
  const contestIds = [...new Set(plan.targets.map((t) => t.contestId))];
  const contests = contestIds.map((contestId): ContestVote => {
    const voteFor = election.contests.find((c) => c.id === contestId)?.voteFor ?? 1;
    const chosen = plan.targets.filter((t) => t.contestId === contestId && t.isIntended);
    const isOver = chosen.length > voteFor;
    return {
      contestId,
      marks: chosen.map((t) => ({ optionId: t.optionId, rank: 1, isVote: !isOver })),
      overvotes: isOver ? voteFor : 0,
      undervotes: isOver ? 0 : voteFor - chosen.length,
    };
  });
  const [tabulator, batch, record] = id.split('-');
  return {
    id,
    source: { file: 'synthetic', index: plan.index },
    tabulator,
    batch,
    record,
    precinct: plan.precinctId,
    precinctPortion: plan.precinctId,
    style: plan.styleId,
    contests,
  };
}

function misread(
  plan: BallotPlan,
  d: Extract<PlantedDiscrepancy, { kind: 'misread' }>,
): BallotPlan {
  const targets = plan.targets.map((t) =>
    t.contestId === d.contestId && t.optionId === d.optionId ? { ...t, isIntended: d.recorded } : t,
  );
  return { ...plan, targets };
}

/** The election's vote records with the planted discrepancies applied, ballot by ballot. */
export function* syntheticRecords(
  election: SynthElection,
  count: number,
  planted: PlantedDiscrepancy[],
  options: PlanOptions = {},
): Generator<CvrBallot> {
  const swap = planted.find((d) => d.kind === 'swapped-batch')?.batches;
  for (let i = 0; i < count; i += 1) {
    let plan = planBallot(election, i, options);
    if (planted.some((d) => d.kind === 'missing-record' && d.ballotId === plan.id)) continue;
    for (const d of planted)
      if (d.kind === 'misread' && d.ballotId === plan.id) plan = misread(plan, d);
    let batch = plan.batch;
    if (swap?.includes(batch)) batch = batch === swap[0] ? swap[1] : swap[0];
    yield recordOf(election, plan, `${plan.tabulator}-${batch}-${plan.record}`);
  }
  for (const d of planted) {
    if (d.kind !== 'extra-record' && d.kind !== 'rescan') continue;
    yield recordOf(election, planBallot(election, d.copyOf, options), d.ballotId);
  }
}

export type SyntheticCvrFormat = 'dominion-csv' | 'dominion-json' | 'ess-csv';

/** Writes the election's records in a vendor format through a sink, with the planted discrepancies. */
export async function writeSyntheticCvr(
  election: SynthElection,
  count: number,
  planted: PlantedDiscrepancy[],
  format: SyntheticCvrFormat,
  sink: CvrSink,
  options: PlanOptions = {},
): Promise<void> {
  const input = {
    election: { name: election.name, version: '5.17.18.1' },
    contests: election.contests,
    ballots: syntheticRecords(election, count, planted, options),
  };
  if (format === 'dominion-json') return writeDominionJson(input, sink);
  if (format === 'dominion-csv') return sink.write('CVR_Export.csv', writeDominionCsv(input));
  return sink.write('cvr.csv', writeEssCsv(input));
}
