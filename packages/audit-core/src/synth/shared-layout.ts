import type { ContestDefinition } from '../cvr/model.js';
import {
  makeElection,
  withCardCodes,
  type ElectionOptions,
  type SynthElection,
} from './election.js';

/**
 * An election whose styles print the same layout with different contests, as ES&S and others
 * print a county's styles: every style holds the same run of contests, and its last one (a
 * local measure) is its own, with as many options and the same vote-for as the others' last.
 * The pages differ in the measure's printed words alone, so images cannot tell the styles
 * apart; only the record (or a printed style code) can.
 */
export function makeSharedLayoutElection(options: ElectionOptions): SynthElection {
  const base = makeElection({ ...options, styles: 1 });
  const count = options.styles ?? 3;
  const shared = base.contests.slice(0, -1);
  const last = base.contests.at(-1);
  if (!last || shared.length === 0) throw new Error('a shared layout needs at least two contests');
  const measures: ContestDefinition[] = Array.from({ length: count }, (_, i) => ({
    ...last,
    id: `M${i + 1}`,
    name: `Local measure ${i + 1}`,
    options: last.options.map((o, j) => ({
      ...o,
      id: `M${i + 1}-${j + 1}`,
      name:
        j === 0
          ? `Yes on measure ${i + 1}`
          : j === 1
            ? `No on measure ${i + 1}`
            : `${o.name} (measure ${i + 1})`,
    })),
  }));
  const drawn = measures.map((m, i) => ({
    id: `S${i + 1}`,
    contestIds: [...shared.map((c) => c.id), m.id],
  }));
  const styles = options.cardCodes ? withCardCodes(drawn) : drawn;
  return {
    ...base,
    name: `Synthetic election ${options.seed} (styles share a layout)`,
    contests: [...shared, ...measures],
    styles,
    precincts: base.precincts.map((p, i) => ({
      ...p,
      styleId: styles[i % styles.length]?.id ?? 'S1',
    })),
  };
}
