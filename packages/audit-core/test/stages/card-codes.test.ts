import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardCodeOf,
  FolderStore,
  makeSharedLayoutElection,
  PATHS,
  runPipeline,
  type BallotPlan,
  type PlantedDiscrepancy,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted } from './truth.js';

/**
 * Styles that share a layout (a local measure of their own) and print their card code at the
 * foot, with a pair of batches whose records are swapped: the images cannot tell the styles
 * apart, the printed codes can, so each sheet is read on its own style whatever its record says.
 */
const COUNT = 60;
let job: string;
let store: FolderStore;
let planted: PlantedDiscrepancy[];
let results: StageResult[];
let truth: Map<string, BallotPlan>;
let election: SynthElection;

beforeAll(async () => {
  election = makeSharedLayoutElection({ seed: 'card-codes', styles: 3, cardCodes: true });
  const made = await generatedJob('scrutineer-card-codes-', election, {
    count: COUNT,
    batchSize: 20,
    misreads: 2,
    missing: 0,
    extra: 0,
    swapBatches: true,
  });
  ({ job, store, planted, truth } = made);
  results = await runPipeline(store, 'precheck', 'cmpcvr', { batchSize: 30 });
}, 900_000);

afterAll(async () => rm(job, { recursive: true, force: true }));

describe('styles that share a layout, told by their printed card codes', () => {
  it('prints each style’s own code at the foot', () => {
    expect(election.styles.map((s) => cardCodeOf(election, s.id))).toEqual([
      'FRONT Card 1 RptPct 10',
      'FRONT Card 2 RptPct 20',
      'FRONT Card 3 RptPct 30',
    ]);
  });

  it('runs every stage to SUCCESS', () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
  });

  it('reads every sheet on the style its code names, and says where its record disagrees', async () => {
    const sheets = await readCsvAll(store, PATHS.votesSheets);
    const records = new Map(
      (await readCsvAll(store, PATHS.styles)).map((s) => [s.sheet_id, s.style]),
    );
    expect(sheets).toHaveLength(COUNT);
    let disagreeing = 0;
    for (const s of sheets) {
      const own = truth.get(s.sheet_id ?? '')?.styleId;
      expect([s.sheet_id, s.style]).toEqual([s.sheet_id, own]);
      const agrees = records.get(s.sheet_id) === own;
      if (!agrees) disagreeing += 1;
      expect([s.sheet_id, s.style_source]).toEqual([s.sheet_id, agrees ? 'cvr' : 'card']);
    }
    // The swapped batches' records carry the other batch's styles.
    expect(disagreeing).toBeGreaterThan(0);
    const problems = await readCsvAll(store, 'extractvote/problems.csv');
    const mismatches = problems.filter((p) => p.code === 'style-mismatch');
    expect(mismatches).toHaveLength(disagreeing);
    for (const m of mismatches)
      expect(m.message).toMatch(
        /^its printed card code "Card (\d) RptPct \1(?:0)" is style S\1, its vote record says S\d$/,
      );
    expect(problems.filter((p) => p.code === 'style-unconfirmed')).toEqual([]);
  });

  it('finds every planted discrepancy, the swapped batches too, and no other', async () => {
    const { found, planted: expected } = await foundAndPlanted(store, planted);
    expect(found).toEqual(expected);
  });
});

describe('no vote records: styles that share a layout, placed by their declared card codes', () => {
  let imageOnly: Awaited<ReturnType<typeof generatedJob>>;
  let stages: StageResult[];
  beforeAll(async () => {
    const shared = makeSharedLayoutElection({
      seed: 'card-codes-only',
      styles: 3,
      cardCodes: true,
    });
    imageOnly = await generatedJob('scrutineer-card-codes-only-', shared, {
      count: 24,
      batchSize: 24,
      misreads: 0,
      missing: 0,
      extra: 0,
      swapBatches: false,
    });
    await rm(join(imageOnly.job, 'input/cvr'), { recursive: true, force: true });
    stages = await runPipeline(imageOnly.store, 'precheck', 'extractvote', { batchSize: 24 });
  }, 900_000);
  afterAll(async () => rm(imageOnly.job, { recursive: true, force: true }));

  it('places every sheet on the style whose code the election file declares, and reads it there', async () => {
    expect(stages.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    const placed = await readCsvAll(imageOnly.store, PATHS.styles);
    expect(placed.map((s) => [s.sheet_id, s.style, s.style_source])).toEqual(
      placed.map((s) => [s.sheet_id, imageOnly.truth.get(s.sheet_id ?? '')?.styleId, 'card']),
    );
    const sheets = await readCsvAll(imageOnly.store, PATHS.votesSheets);
    expect(sheets.map((s) => [s.sheet_id, s.status, s.style, s.style_source])).toEqual(
      sheets.map((s) => [
        s.sheet_id,
        'read',
        imageOnly.truth.get(s.sheet_id ?? '')?.styleId,
        'card',
      ]),
    );
  });
});
