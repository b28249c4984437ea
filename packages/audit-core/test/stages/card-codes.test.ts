import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardCodeOf,
  FolderStore,
  logKey,
  makeSharedLayoutElection,
  PATHS,
  readText,
  runPipeline,
  type BallotPlan,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted } from './truth.js';

/**
 * Styles that share a layout (a local measure of their own) and print their card code at the
 * foot, with two records that name another style than their sheet's: the images cannot tell
 * the styles apart, the printed codes can, so each sheet is read on its own style whatever its
 * record says, and the report says where the record disagrees.
 */
const COUNT = 30;
let job: string;
let store: FolderStore;
let results: StageResult[];
let truth: Map<string, BallotPlan>;
let election: SynthElection;
const relabelled = new Map<string, string>();

beforeAll(async () => {
  election = makeSharedLayoutElection({ seed: 'card-codes', styles: 3, cardCodes: true });
  const made = await generatedJob('scrutineer-card-codes-', election, {
    count: COUNT,
    batchSize: COUNT,
    misreads: 0,
    missing: 0,
    extra: 0,
    swapBatches: false,
  });
  ({ job, store, truth } = made);
  // Two records name the next style: BallotType is a metadata cell, written `="S1"`.
  const csv = join(job, 'input/cvr/CVR_Export.csv');
  const lines = (await readFile(csv, 'utf8')).split('\r\n');
  const column = (lines[3] ?? '').split(',').indexOf('BallotType');
  for (const at of [4, 5]) {
    const cells = (lines[at] ?? '').split(',');
    const style = /S(\d)/.exec(cells[column] ?? '')?.[1] ?? '1';
    const other = `S${(Number(style) % 3) + 1}`;
    cells[column] = `="${other}"`;
    lines[at] = cells.join(',');
    relabelled.set(`1-1-${at - 3}`, other);
  }
  await writeFile(csv, lines.join('\r\n'));
  results = await runPipeline(store, 'precheck', 'extractvote', { batchSize: COUNT });
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

  it('reads every sheet on the style its code names, and says where its record disagrees', async () => {
    expect(results.map((r) => r.stage)).toEqual([
      'precheck',
      'gen_bif',
      'genstyles',
      'gentemplates',
      'extractvote',
    ]);
    expect(results.at(-1)?.status).toBe('SUCCESS');
    const records = new Map(
      (await readCsvAll(store, PATHS.styles)).map((s) => [s.sheet_id ?? '', s.style]),
    );
    for (const [sheet, style] of relabelled) expect(records.get(sheet)).toBe(style);
    const sheets = await readCsvAll(store, PATHS.votesSheets);
    expect(sheets).toHaveLength(COUNT);
    for (const s of sheets) {
      const own = truth.get(s.sheet_id ?? '')?.styleId;
      const agrees = !relabelled.has(s.sheet_id ?? '');
      expect([s.sheet_id, s.style, s.style_source]).toEqual([
        s.sheet_id,
        own,
        agrees ? 'cvr' : 'card',
      ]);
    }
    const problems = await readCsvAll(store, 'extractvote/problems.csv');
    const mismatches = problems.filter((p) => p.code === 'style-mismatch');
    expect(mismatches.map((m) => m.message).sort()).toEqual(
      [...relabelled]
        .map(([sheet, said]) => {
          const own = truth.get(sheet)?.styleId ?? '';
          const n = own.slice(1);
          return `its printed card code "Card ${n} RptPct ${n}0" is style ${own}, its vote record says ${said}`;
        })
        .sort(),
    );
    expect(problems.filter((p) => p.code === 'style-unconfirmed')).toEqual([]);
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

describe('a pair of swapped batches among styles alike in layout, settled by their card codes', () => {
  let swapped: Awaited<ReturnType<typeof generatedJob>>;
  let stages: StageResult[];
  beforeAll(async () => {
    const shared = makeSharedLayoutElection({
      seed: 'card-codes-swapped',
      styles: 3,
      cardCodes: true,
    });
    swapped = await generatedJob('scrutineer-card-codes-swapped-', shared, {
      count: 60,
      batchSize: 20,
      misreads: 0,
      missing: 0,
      extra: 0,
      swapBatches: true,
    });
    stages = await runPipeline(swapped.store, 'precheck', 'cmpcvr', { batchSize: 60 });
  }, 900_000);
  afterAll(async () => rm(swapped.job, { recursive: true, force: true }));

  it('builds each style’s template from the exemplars that print its code', async () => {
    expect(stages.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    expect(swapped.planted.filter((p) => p.kind === 'swapped-batch')).toHaveLength(1);
    const log = await readText(swapped.store, logKey('gentemplates'));
    expect(log).toMatch(/exemplars placed by the card code at their foot/);
  });

  it('reads every sheet on the style its code names, and reports the swap, not misreads', async () => {
    const sheets = await readCsvAll(swapped.store, PATHS.votesSheets);
    expect(sheets).toHaveLength(60);
    expect(sheets.map((s) => [s.sheet_id, s.status, s.style])).toEqual(
      sheets.map((s) => [s.sheet_id, 'read', swapped.truth.get(s.sheet_id ?? '')?.styleId]),
    );
    const { found, planted } = await foundAndPlanted(swapped.store, swapped.planted);
    expect(found).toEqual(planted);
  });
});
