import {
  CLEAR_KINDS,
  PATHS,
  type BallotPlan,
  type FolderStore,
  type PlantedDiscrepancy,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';

// A generated job's results set beside the generator's ground truth.

/** A planted discrepancy as the line cmpcvr's finding of it should read. */
export function plantedLine(p: PlantedDiscrepancy): string {
  switch (p.kind) {
    case 'misread':
      return `misread ${p.ballotId} ${p.contestId}`;
    case 'missing-record':
      return `No CVR ${p.ballotId}`;
    case 'extra-record':
      return `No Image ${p.ballotId}`;
    case 'rescan':
      return `Duplicate ${p.ballotId}`;
    case 'swapped-batch':
      return `swap ${[...p.batches].sort().join(' ')}`;
  }
}

/** One of cmpcvr's disagreements as a line to set beside `plantedLine`'s. */
export function foundLine(d: Record<string, string | undefined>): string {
  if (d.kind === 'Normal Disagreed') return `misread ${d.sheet_id} ${d.contest_id}`;
  if (d.kind === 'Swapped Batch')
    return `swap ${[...(d.detail ?? '').matchAll(/batch 1-(\d+)/g)]
      .map((m) => m[1])
      .sort()
      .join(' ')}`;
  return `${d.kind} ${d.sheet_id}`;
}

/**
 * What cmpcvr found in the job and what the generator planted, each as sorted lines: equal when
 * every planted discrepancy was found and nothing else was.
 */
export async function foundAndPlanted(
  store: FolderStore,
  planted: PlantedDiscrepancy[],
): Promise<{ found: string[]; planted: string[] }> {
  return {
    found: (await readCsvAll(store, PATHS.disagreements)).map(foundLine).sort(),
    planted: planted.map(plantedLine).sort(),
  };
}

export interface MarksRead {
  /** Targets whose mark (or blank) is clear. */
  clear: number;
  /** The share of those read right and not flagged gray. */
  share: number;
  /** Other marks read wrong without a gray flag, a line each. */
  wrong: string[];
  /** How many targets of each kind of mark extractvote read. */
  kinds: Map<string, number>;
  /** extractvote's rows of targets. */
  rows: Record<string, string>[];
}

/** extractvote's reading of every target against the mark the generator made there. */
export async function marksAgainstTruth(
  store: FolderStore,
  truth: Map<string, BallotPlan>,
): Promise<MarksRead> {
  const rows = await readCsvAll(store, PATHS.votesTargets);
  let clear = 0;
  let right = 0;
  const wrong: string[] = [];
  const kinds = new Map<string, number>();
  for (const t of rows) {
    const target = truth.get(t.sheet_id ?? '')?.targets.find((x) => x.optionId === t.option_id);
    if (!target) throw new Error(`sheet ${t.sheet_id} target ${t.option_id} is not on its ballot`);
    kinds.set(target.kind, (kinds.get(target.kind) ?? 0) + 1);
    const ok = (t.decision === 'vote') === target.isIntended;
    if (CLEAR_KINDS.includes(target.kind)) {
      clear += 1;
      if (ok && t.decision !== 'gray') right += 1;
    } else if (!ok && t.decision !== 'gray')
      wrong.push(`${t.sheet_id} ${t.option_id} ${target.kind} read ${t.decision}`);
  }
  return { clear, share: clear === 0 ? 0 : right / clear, wrong, kinds, rows };
}
