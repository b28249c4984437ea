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
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob, STAGES_TO_REPORT } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * Cards longer than letter (8.5 × 14 in and 8.5 × 17 in, as ES&S, Dominion and Hart print
 * them), with contests down the whole length, through every stage. The 200- and 2,000-ballot
 * runs are `bench/audit-stages.ts` with LENGTH=14 (and FAMILY=hart).
 */
const COUNT = 60;

/**
 * Faint marks are pencil lighter than the engine's ink threshold: a 1-bit scanner keeps a few
 * specks of it, a greyscale one (the Hart-like family's) a mid-grey stroke that no pixel of
 * counts as ink, read by its darkness against the page's paper (see docs/decisions.md).
 */
const CASES: [string, SynthElection, number][] = [
  [
    'timing marks, 14 in',
    makeElection({ seed: 'long-suite', pageLength: 14, contests: 18, styles: 2, precincts: 4 }),
    0.1,
  ],
  [
    'Hart-like, 17 in, two-sided',
    makeElection({
      seed: 'long-hart-suite',
      family: 'hart',
      pageLength: 17,
      contests: 26,
      styles: 2,
      precincts: 4,
    }),
    0.1,
  ],
];

describe.each(CASES)('%s cards', (_, election, faint) => {
  let job: string;
  let store: FolderStore;
  let planted: PlantedDiscrepancy[];
  let results: StageResult[];
  let truth: Map<string, BallotPlan>;

  beforeAll(async () => {
    const made = await generatedJob('scrutineer-long-cards-', election, {
      count: COUNT,
      batchSize: 30,
      misreads: 3,
      missing: 1,
      extra: 1,
      swapBatches: false,
      faintMarks: faint,
    });
    ({ job, store, planted, truth } = made);
    results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 30 });
  }, 900_000);

  afterAll(async () => rm(job, { recursive: true, force: true }));

  it('runs every stage to SUCCESS and reads every sheet on its own style', async () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      STAGES_TO_REPORT.map((s) => `${s} SUCCESS`),
    );
    const sheets = await readCsvAll(store, PATHS.votesSheets);
    // Every sheet with an image is read: the planted missing record's too.
    expect(sheets).toHaveLength(COUNT);
    for (const s of sheets)
      expect([s.sheet_id, s.style]).toEqual([s.sheet_id, truth.get(s.sheet_id ?? '')?.styleId]);
  });

  it('reads targets down the whole card: clear marks right, the others right or gray', async () => {
    const marks = await marksAgainstTruth(store, truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
    if (faint) expect(marks.kinds.get('faint')).toBeGreaterThan(5);
    // Every contest is read, the lowest on the card too.
    const read = new Set(marks.rows.map((r) => r.contest_id));
    const printed = new Set([...truth.values()].flatMap((p) => p.targets.map((t) => t.contestId)));
    expect([...read].sort()).toEqual([...printed].sort());
  });

  it('finds every planted discrepancy and no other', async () => {
    const { found, planted: expected } = await foundAndPlanted(store, planted);
    // A planted misread in a contest where the voter also left a gray mark is a person's to
    // settle: cmpcvr classes the contest Gray rather than disagreed, which is no miss.
    const classes = await readCsvAll(store, PATHS.contestClasses);
    const isGray = (line: string): boolean =>
      classes.some((c) => line === `misread ${c.sheet_id} ${c.contest_id}` && c.class === 'Gray');
    expect(found).toEqual(expected.filter((line) => !isGray(line)));
    expect(expected.filter(isGray).length).toBeLessThanOrEqual(1);
  });
});
