import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  runPipeline,
  type BallotPlan,
  type FolderStore,
  type PlantedDiscrepancy,
  type StageResult,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * Generated connect-the-arrow elections (ES&S and Sequoia Optech ballots: timing marks down both
 * edges, a broken arrow per option) through every stage: one style with the JOB file saying
 * `target_shape arrow`, and three styles left at the JOB form's default `oval`, where the
 * template builder sees arrows rather than outlines. The 2,000-ballot run is
 * `FAMILY=arrow bench/audit-stages.ts`.
 */
interface Run {
  job: string;
  store: FolderStore;
  planted: PlantedDiscrepancy[];
  truth: Map<string, BallotPlan>;
  results: StageResult[];
  count: number;
}

async function run(
  seed: string,
  styles: number,
  shape: string,
  count: number,
  batchSize: number,
  swapBatches: boolean,
  faintMarks: number,
): Promise<Run> {
  const election = makeElection({ seed, family: 'arrow', styles, contests: 6 });
  const made = await generatedJob(`scrutineer-arrow-${styles}-`, election, {
    count,
    batchSize,
    misreads: 3,
    missing: 1,
    extra: 1,
    swapBatches,
    faintMarks,
  });
  await made.store.write(
    PATHS.jobSettings,
    `group,argument,value\nstyle_specs,target_shape,${shape}\n`,
  );
  const results = await runPipeline(made.store, 'precheck', 'cmpcvr', { batchSize: 20 });
  return { ...made, results, count };
}

function describeRun(title: string, get: () => Run, styles: number): void {
  describe(title, () => {
    it('runs every stage to SUCCESS', () => {
      expect(get().results.map((r) => `${r.stage} ${r.status}`)).toEqual(
        ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
          (s) => `${s} SUCCESS`,
        ),
      );
    });

    it('finds every arrow of every style and reads every sheet', async () => {
      const { store, count } = get();
      const mapping = await readCsvAll(store, PATHS.mapping);
      expect(new Set(mapping.map((m) => m.style)).size).toBe(styles);
      expect(mapping.every((m) => m.source === 'eif')).toBe(true);
      const sheets = await readCsvAll(store, PATHS.votesSheets);
      expect(sheets).toHaveLength(count);
      expect(sheets.filter((s) => s.status !== 'read')).toEqual([]);
    });

    it('finds every planted discrepancy and reports no other', async () => {
      const { store, planted } = get();
      const { found, planted: expected } = await foundAndPlanted(store, planted);
      expect(found).toEqual(expected);
    });

    it('reads clear lines right, and light, faint, stray and erased ones right or gray', async () => {
      const { store, truth, count } = get();
      const marks = await marksAgainstTruth(store, truth);
      expect(marks.wrong).toEqual([]);
      expect(marks.clear).toBeGreaterThan(count * 5);
      expect(marks.share).toBeGreaterThanOrEqual(0.999);
    });
  });
}

let one: Run;
let several: Run;

beforeAll(async () => {
  one = await run('arrow-one', 1, 'arrow', 40, 20, false, 0.15);
  // Four batches, two of them swapped: the others tell which style each image is.
  several = await run('arrow-several', 3, 'oval', 60, 15, true, 0);
}, 900_000);

afterAll(async () => {
  for (const r of [one, several]) if (r) await rm(r.job, { recursive: true, force: true });
});

describeRun('one arrow style, the JOB file saying arrow, with faint lines', () => one, 1);
describeRun(
  'three arrow styles at the JOB form’s default shape, a swapped batch',
  () => several,
  3,
);
