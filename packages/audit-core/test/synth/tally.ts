import type { BallotReading, MarkKind, TargetTruth } from '../../src/index.js';
import { CLEAR_KINDS } from '../../src/index.js';

export interface KindTally {
  total: number;
  right: number;
  gray: number;
  wrong: number;
}

/** Counts, per kind of mark, how the reader's decisions compare with the ground truth. */
export class Tally {
  readonly byKind = new Map<MarkKind, KindTally>();

  add(truths: TargetTruth[], reading: BallotReading): void {
    truths.forEach((truth, i) => {
      const read = reading.targets[i];
      if (read?.optionId !== truth.optionId)
        throw new Error(`target ${i} maps to the wrong option`);
      const entry = this.byKind.get(truth.kind) ?? { total: 0, right: 0, gray: 0, wrong: 0 };
      entry.total += 1;
      if (read.decision === 'gray') entry.gray += 1;
      else if ((read.decision === 'vote') === truth.isIntended) entry.right += 1;
      else entry.wrong += 1;
      this.byKind.set(truth.kind, entry);
    });
  }

  /** Share of clear targets (blank, full, partial) read as the truth says. */
  clearAgreement(): { total: number; right: number; share: number } {
    const clear = CLEAR_KINDS.map((k) => this.byKind.get(k) ?? { total: 0, right: 0 });
    const total = clear.reduce((s, e) => s + e.total, 0);
    const right = clear.reduce((s, e) => s + e.right, 0);
    return { total, right, share: total > 0 ? right / total : 0 };
  }

  toJSON(): Record<string, KindTally> {
    return Object.fromEntries(this.byKind);
  }
}
