import type { SynthElection } from './election.js';
import { planBallot, type PlanOptions } from './plan.js';
import { Random } from './random.js';

/** How a sheet goes through the scanner again, against its first pass. */
export type Feed = 'upside-down' | 'clockwise' | 'anticlockwise';

/** A difference planted between the ballots and the vote records, for an audit to find. */
export type PlantedDiscrepancy =
  /** The record flips one clearly marked (or clearly blank) option. */
  | { kind: 'misread'; ballotId: string; contestId: string; optionId: string; recorded: boolean }
  /** A scanned ballot has no record. */
  | { kind: 'missing-record'; ballotId: string }
  /** A record has no ballot: a copy of ballot number `copyOf` under a new id. */
  | { kind: 'extra-record'; ballotId: string; copyOf: number }
  /** The records of two batches carry each other's batch number. */
  | { kind: 'swapped-batch'; batches: [string, string] }
  /**
   * Ballot number `copyOf` went through the scanner twice: a second image of the same paper
   * (another shift, turn and noise, greyscale where the first is bilevel) under a new id, with
   * its own record, so the records count it twice. `fed`: the second pass went in turned
   * against the first (upside down, or sideways a quarter either way); as the first if absent.
   */
  | { kind: 'rescan'; ballotId: string; copyOf: number; fed?: Feed };

export interface DiscrepancyOptions extends PlanOptions {
  misreads?: number;
  missing?: number;
  extra?: number;
  swapBatches?: boolean;
  /** Ballots scanned a second time (see the `rescan` discrepancy); none by default. */
  rescans?: number;
  /**
   * How each rescan's second pass is fed against its first, in turn over the rescans (the
   * first rescan the first way, …); every one as its first pass by default.
   */
  rescansFed?: readonly Feed[];
}

/**
 * Chooses discrepancies for an election of `count` ballots. Misreads are planted only on
 * clear targets, so a correct reader must find every one of them.
 */
export function planDiscrepancies(
  election: SynthElection,
  count: number,
  options: DiscrepancyOptions = {},
): PlantedDiscrepancy[] {
  const random = new Random(election.seed, 'discrepancies');
  const used = new Set<number>();
  const fresh = (): number => {
    for (;;) {
      const i = random.int(0, count - 1);
      if (!used.has(i) || used.size >= count) {
        used.add(i);
        return i;
      }
    }
  };
  const found: PlantedDiscrepancy[] = [];
  for (let n = 0; n < (options.misreads ?? 3); n += 1) {
    const plan = planBallot(election, fresh(), options);
    const clear = plan.targets.filter((t) => t.kind === 'none' || t.kind === 'full');
    const target = random.pick(clear);
    const { contestId, optionId } = target;
    found.push({
      kind: 'misread',
      ballotId: plan.id,
      contestId,
      optionId,
      recorded: !target.isIntended,
    });
  }
  for (let n = 0; n < (options.missing ?? 1); n += 1) {
    found.push({ kind: 'missing-record', ballotId: planBallot(election, fresh(), options).id });
  }
  for (let n = 0; n < (options.extra ?? 1); n += 1) {
    const plan = planBallot(election, fresh(), options);
    found.push({
      kind: 'extra-record',
      ballotId: `${plan.tabulator}-${plan.batch}-${9000 + n}`,
      copyOf: plan.index,
    });
  }
  const batches = Math.ceil(count / (options.batchSize ?? 100));
  if ((options.swapBatches ?? true) && batches >= 2) {
    const a = random.int(1, batches);
    const b = (a % batches) + 1;
    found.push({ kind: 'swapped-batch', batches: [String(a), String(b)] });
  }
  for (let n = 0; n < (options.rescans ?? 0); n += 1) {
    const plan = planBallot(election, fresh(), options);
    const fed = options.rescansFed?.length
      ? options.rescansFed[n % options.rescansFed.length]
      : undefined;
    found.push({
      kind: 'rescan',
      ballotId: `${plan.tabulator}-${plan.batch}-${8000 + n}`,
      copyOf: plan.index,
      ...(fed ? { fed } : {}),
    });
  }
  return found;
}
