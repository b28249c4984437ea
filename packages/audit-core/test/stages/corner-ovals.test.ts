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
 * The Dominion ImageCast-like family (`family: 'corner-ovals'`): solid corner marks and no
 * timing marks, ovals to the left of each choice, the style printed as text and a code block,
 * contests in two or three columns; 1-bit TIFF at 200 dpi as Dominion's scanners write them, and
 * greyscale. The 200-ballot run is `bench/audit-stages.ts` with FAMILY=corner-ovals.
 */
const COUNT = 60;

/**
 * Faint marks are pencil lighter than the engine's ink threshold: a 1-bit scanner keeps a few
 * specks of it (most of the ink lost), a greyscale one a mid-grey stroke that no pixel of counts
 * as ink, read by its darkness against the page's paper (see docs/decisions.md).
 */
const CASES: [string, SynthElection, 'bilevel' | 'grey', number][] = [
  [
    '1-bit, three styles',
    makeElection({ seed: 'corner-suite', family: 'corner-ovals', contests: 7, styles: 3 }),
    'bilevel',
    0.1,
  ],
  [
    'greyscale, two styles',
    makeElection({ seed: 'corner-grey-suite', family: 'corner-ovals', contests: 6, styles: 2 }),
    'grey',
    0.1,
  ],
];

describe.each(CASES)('corner ovals, %s', (_, election, scanner, faint) => {
  let job: string;
  let store: FolderStore;
  let planted: PlantedDiscrepancy[];
  let results: StageResult[];
  let truth: Map<string, BallotPlan>;

  beforeAll(async () => {
    const made = await generatedJob('scrutineer-corner-ovals-', election, {
      count: COUNT,
      batchSize: 30,
      misreads: 3,
      missing: 1,
      extra: 1,
      swapBatches: false,
      faintMarks: faint,
      scan: { scanner },
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
    expect(sheets).toHaveLength(COUNT);
    for (const s of sheets)
      expect([s.sheet_id, s.style]).toEqual([s.sheet_id, truth.get(s.sheet_id ?? '')?.styleId]);
  });

  it('reads clear marks right and the others right or gray', async () => {
    const marks = await marksAgainstTruth(store, truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
    if (faint) expect(marks.kinds.get('faint')).toBeGreaterThan(5);
  });

  it('finds every planted discrepancy and no other', async () => {
    const { found, planted: expected } = await foundAndPlanted(store, planted);
    expect(found).toEqual(expected);
  });
});
