import type { SynthElection } from './election.js';
import { isIntended, type MarkKind } from './marks.js';
import { Random } from './random.js';

/** The ground truth for one target on one ballot. */
export interface TargetTruth {
  contestId: string;
  optionId: string;
  kind: MarkKind;
  /** Whether the voter meant to choose this option. */
  isIntended: boolean;
}

/** One ballot before it is printed: who it belongs to and how every target was marked. */
export interface BallotPlan {
  index: number;
  id: string;
  tabulator: string;
  batch: string;
  record: string;
  precinctId: string;
  styleId: string;
  /** In the style's target order (column, then top to bottom). */
  targets: TargetTruth[];
}

export interface PlanOptions {
  batchSize?: number;
  tabulator?: string;
  /**
   * Share of chosen options marked faintly, as a 1-bit scanner keeps a light pencil mark (most of
   * the ink lost). 0 or unset leaves every ballot as before.
   */
  faintMarks?: number;
  /**
   * Share of ballots whose first contest goes to its first option, a whole line or fill (a
   * landslide: on nearly every exemplar of a style that target is marked). 0 or unset leaves
   * every ballot as before.
   */
  landslide?: number;
}

const VOTE_KINDS: [MarkKind, number][] = [
  ['full', 0.7],
  ['partial', 0.1],
  ['check', 0.06],
  ['x', 0.06],
  ['light', 0.08],
];

function voteKind(random: Random): MarkKind {
  let r = random.next();
  for (const [kind, weight] of VOTE_KINDS) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'full';
}

/**
 * Plans ballot `index` of an election; the same election and index always give the same
 * ballot, so plans can be made lazily and in any order. Most voters choose up to the vote-for;
 * a few undervote, a very few overvote, and some leave stray marks or erasures.
 */
export function planBallot(
  election: SynthElection,
  index: number,
  options: PlanOptions = {},
): BallotPlan {
  const random = new Random(election.seed, 'ballot', index);
  const batchSize = options.batchSize ?? 100;
  const tabulator = options.tabulator ?? '1';
  const batch = String(Math.floor(index / batchSize) + 1);
  const record = String((index % batchSize) + 1);
  const precinct = random.pick(election.precincts);
  const style = election.styles.find((s) => s.id === precinct.styleId);
  if (!style) throw new Error(`precinct ${precinct.id} has an unknown style`);
  const targets: TargetTruth[] = [];
  for (const contestId of style.contestIds) {
    const contest = election.contests.find((c) => c.id === contestId);
    if (!contest) continue;
    let choices = random.chance(0.08) ? random.int(0, contest.voteFor - 1) : contest.voteFor;
    if (random.chance(0.01)) choices = contest.voteFor + 1;
    const chosen = new Set(
      random
        .shuffle(contest.options)
        .slice(0, choices)
        .map((o) => o.id),
    );
    const sweeps =
      !!options.landslide && contestId === style.contestIds[0] && random.chance(options.landslide);
    const winner = contest.options[0]?.id;
    if (sweeps && winner) chosen.clear();
    for (const option of contest.options) {
      let kind: MarkKind = 'none';
      if (sweeps && option.id === winner) kind = 'full';
      else if (chosen.has(option.id))
        kind = options.faintMarks && random.chance(options.faintMarks) ? 'faint' : voteKind(random);
      else if (random.chance(0.015)) kind = 'stray';
      else if (random.chance(0.01)) kind = 'erasure';
      targets.push({ contestId, optionId: option.id, kind, isIntended: isIntended(kind) });
    }
  }
  return {
    index,
    id: `${tabulator}-${batch}-${record}`,
    tabulator,
    batch,
    record,
    precinctId: precinct.id,
    styleId: style.id,
    targets,
  };
}

/** Plans ballots 0 to count − 1, one at a time. */
export function* planBallots(
  election: SynthElection,
  count: number,
  options: PlanOptions = {},
): Generator<BallotPlan> {
  for (let i = 0; i < count; i += 1) yield planBallot(election, i, options);
}
