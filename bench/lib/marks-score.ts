import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLEAR_KINDS,
  PATHS,
  type BallotPlan,
  type FolderStore,
} from '../../packages/audit-core/src/index.js';
import { readCsvAll } from '../../packages/audit-core/src/stages/context.js';

/** The generator's ground truth of a job folder (`truth/truth.jsonl`), by ballot id. */
export async function readTruth(job: string): Promise<Map<string, BallotPlan>> {
  const truth = new Map<string, BallotPlan>();
  for (const line of (await readFile(path.join(job, 'truth/truth.jsonl'), 'utf8'))
    .trim()
    .split('\n')) {
    const plan = JSON.parse(line) as BallotPlan;
    truth.set(plan.id, plan);
  }
  return truth;
}

/**
 * extractvote's target decisions against the ground truth: clear marks read right, and light,
 * faint, stray, check, X and erasure marks read wrong without a gray flag.
 */
export async function scoreMarks(store: FolderStore, truth: Map<string, BallotPlan>) {
  let clear = 0;
  let clearRight = 0;
  let unclear = 0;
  let unclearWrong = 0;
  let gray = 0;
  // Faint marks (pencil lighter than the ink threshold) by how they were read.
  const faint = { vote: 0, gray: 0, blank: 0 };
  // Blank targets (no mark at all) flagged gray: what a gray band set too low would flood.
  let blankGray = 0;
  for (const t of await readCsvAll(store, PATHS.votesTargets)) {
    const target = truth.get(t.sheet_id ?? '')?.targets.find((x) => x.optionId === t.option_id);
    if (!target) continue;
    const right = (t.decision === 'vote') === target.isIntended;
    if (t.decision === 'gray') gray += 1;
    if (
      target.kind === 'faint' &&
      (t.decision === 'vote' || t.decision === 'gray' || t.decision === 'blank')
    )
      faint[t.decision] += 1;
    if (target.kind === 'none' && t.decision === 'gray') blankGray += 1;
    if (CLEAR_KINDS.includes(target.kind)) {
      clear += 1;
      if (right && t.decision !== 'gray') clearRight += 1;
    } else {
      unclear += 1;
      if (!right && t.decision !== 'gray') unclearWrong += 1;
    }
  }
  return { clear, clearRight, unclear, unclearWrong, gray, faint, blankGray };
}
