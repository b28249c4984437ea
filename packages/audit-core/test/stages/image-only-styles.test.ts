import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FolderStore,
  makeElection,
  makeSharedLayoutElection,
  PATHS,
  runPipeline,
  type BallotPlan,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { marksAgainstTruth } from './truth.js';

interface ImageOnlyJob {
  job: string;
  store: FolderStore;
  truth: Map<string, BallotPlan>;
  results: StageResult[];
}

/** A generated election with its vote records taken away: the images and the election file. */
async function imageOnly(
  prefix: string,
  election: SynthElection,
  count: number,
): Promise<ImageOnlyJob> {
  const made = await generatedJob(prefix, election, {
    count,
    batchSize: count,
    misreads: 0,
    missing: 0,
    extra: 0,
    swapBatches: false,
  });
  await rm(join(made.job, 'input/cvr'), { recursive: true, force: true });
  const results = await runPipeline(made.store, 'precheck', 'cmpcvr', { batchSize: count });
  return { job: made.job, store: made.store, truth: made.truth, results };
}

/** Each sheet's style as extractvote read it, against the style it was printed in. */
async function wrongStyles(run: ImageOnlyJob): Promise<string[]> {
  const sheets = await readCsvAll(run.store, PATHS.votesSheets);
  expect(sheets).toHaveLength(run.truth.size);
  return sheets
    .filter((s) => s.status !== 'read' || run.truth.get(s.sheet_id ?? '')?.styleId !== s.style)
    .map((s) => `${s.sheet_id} ${s.status} ${s.style} ${s.reason ?? ''}`);
}

const STAGES = ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'];

/** The stages up to `last`, each SUCCESS but `last`, which ends `status`. */
function stagesTo(last: string, status = 'SUCCESS'): string[] {
  const run = STAGES.slice(0, STAGES.indexOf(last) + 1);
  return run.map((s, i) => `${s} ${i === run.length - 1 ? status : 'SUCCESS'}`);
}

describe('several declared styles and no vote records: timing-mark ballots', () => {
  let run: ImageOnlyJob;
  beforeAll(async () => {
    run = await imageOnly(
      'scrutineer-image-only-timing-',
      makeElection({ seed: 'image-only-styles', styles: 3, contests: 7 }),
      60,
    );
  }, 900_000);
  afterAll(async () => rm(run.job, { recursive: true, force: true }));

  it('places sheets on the declared styles by their images and reads every sheet on its own style', async () => {
    expect(run.results.map((r) => `${r.stage} ${r.status}`)).toEqual(stagesTo('cmpcvr'));
    const styles = await readCsvAll(run.store, PATHS.styles);
    const placed = styles.filter((s) => s.style_source === 'image' && s.style);
    expect(placed.length).toBeGreaterThan(20);
    for (const s of placed)
      expect(s.style, s.sheet_id).toBe(run.truth.get(s.sheet_id ?? '')?.styleId);
    expect(new Set(placed.map((s) => s.style))).toEqual(new Set(['S1', 'S2', 'S3']));
    expect(await wrongStyles(run)).toEqual([]);
    const marks = await marksAgainstTruth(run.store, run.truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
    const totals = await readCsvAll(run.store, PATHS.totals);
    expect(totals.reduce((n, t) => n + Number(t.audit_votes), 0)).toBeGreaterThan(60);
  });
});

describe('several declared styles and no vote records: Hart-like ballots', () => {
  let run: ImageOnlyJob;
  beforeAll(async () => {
    run = await imageOnly(
      'scrutineer-image-only-hart-',
      makeElection({ seed: 'image-only-hart', family: 'hart', styles: 3, contests: 8 }),
      30,
    );
  }, 900_000);
  afterAll(async () => rm(run.job, { recursive: true, force: true }));

  it('places two-sided sheets by the contests both sides show and reads them to the tally', async () => {
    expect(run.results.map((r) => `${r.stage} ${r.status}`)).toEqual(stagesTo('cmpcvr'));
    expect(await wrongStyles(run)).toEqual([]);
    const marks = await marksAgainstTruth(run.store, run.truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
  });
});

describe('several declared styles and no vote records: styles that share a layout', () => {
  let run: ImageOnlyJob;
  beforeAll(async () => {
    run = await imageOnly(
      'scrutineer-image-only-shared-',
      makeSharedLayoutElection({ seed: 'image-only-shared', styles: 3 }),
      24,
    );
  }, 900_000);
  afterAll(async () => rm(run.job, { recursive: true, force: true }));

  it('places no sheet on a guess, and says which styles the images cannot tell apart', async () => {
    expect(run.results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      stagesTo('genstyles', 'PROBLEMS'),
    );
    const genstyles = run.results.find((r) => r.stage === 'genstyles');
    expect(genstyles?.summary).toMatch(
      /24 of 24 sheets not read: \d+ without a style: styles S1, S2, S3 print the same shape with other contests; no record or printed code tells which/,
    );
    const styles = await readCsvAll(run.store, PATHS.styles);
    expect(styles.filter((s) => s.style)).toEqual([]);
    const problems = await readCsvAll(run.store, 'genstyles/problems.csv');
    expect(problems.map((p) => p.code)).toContain('styles-alike');
  });
});

describe('several declared styles and no vote records: Hart-like styles that share a layout', () => {
  let run: ImageOnlyJob;
  beforeAll(async () => {
    run = await imageOnly(
      'scrutineer-image-only-hart-shared-',
      makeSharedLayoutElection({ seed: 'image-only-hart-shared', styles: 3, family: 'hart' }),
      56,
    );
  }, 900_000);
  afterAll(async () => rm(run.job, { recursive: true, force: true }));

  it('takes each sheet’s style from the barcode it carries, and reads every sheet on it', async () => {
    expect(run.results.map((r) => `${r.stage} ${r.status}`)).toEqual(stagesTo('cmpcvr'));
    const log = run.results.find((r) => r.stage === 'genstyles');
    expect(log?.status).toBe('SUCCESS');
    expect(await wrongStyles(run)).toEqual([]);
    // genstyles placed the 36 it decoded by their barcodes; extractvote read the others' own.
    const sources = (await readCsvAll(run.store, PATHS.votesSheets)).map((s) =>
      (s.style_source ?? '').replace('-unconfirmed', ''),
    );
    expect(sources.filter((s) => s === 'image')).toHaveLength(36);
    expect(sources.filter((s) => s === 'barcode')).toHaveLength(20);
    const marks = await marksAgainstTruth(run.store, run.truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
  });
});
