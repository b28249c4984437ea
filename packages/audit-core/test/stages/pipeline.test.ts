import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FolderStore,
  makeElection,
  PATHS,
  runPipeline,
  type BallotPlan,
  type PlantedDiscrepancy,
  type StageResult,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * A generated election run through every stage, as the pipeline runner runs it. The full
 * 2,000-ballot acceptance run is `bench/audit-stages.ts` (minutes on two cores); this one is
 * small enough for the suite but keeps every kind of planted discrepancy that it checks.
 */
const COUNT = 90;
let job: string;
let store: FolderStore;
let planted: PlantedDiscrepancy[];
let results: StageResult[];
const truth = new Map<string, BallotPlan>();

beforeAll(async () => {
  const election = makeElection({ seed: 'stages-suite' });
  const made = await generatedJob('scrutineer-pipeline-', election, {
    count: COUNT,
    batchSize: 30,
    misreads: 3,
    missing: 1,
    extra: 1,
  });
  ({ job, store, planted } = made);
  for (const [id, plan] of made.truth) truth.set(id, plan);
  results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 25 });
}, 900_000);

afterAll(async () => {
  await rm(job, { recursive: true, force: true });
});

describe('audit stages on a generated election', () => {
  it('runs every stage from precheck to genreport', () => {
    expect(results.map((r) => [r.stage, r.status])).toEqual(
      [
        'precheck',
        'gen_bif',
        'genstyles',
        'gentemplates',
        'extractvote',
        'cmpcvr',
        'genreport',
      ].map((s) => [s, 'SUCCESS']),
    );
  });

  it('lists inputs with SHA-256 and counts images and records', async () => {
    const inputs = await readCsvAll(store, PATHS.precheckInputs);
    const images = inputs.find((r) => r.key === 'input/images/ballots.zip');
    expect(images?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(images?.images).toBe(String(COUNT));
    // One ballot has no record and one record has no ballot.
    expect(inputs.find((r) => r.key === 'input/cvr/CVR_Export.csv')?.records).toBe(String(COUNT));
  });

  it('finds every planted discrepancy and reports no other', async () => {
    const { found, planted: expected } = await foundAndPlanted(store, planted);
    expect(found).toEqual(expected);
  });

  it('reads light and stray marks as the truth says or flags them gray, and clear marks right', async () => {
    const marks = await marksAgainstTruth(store, truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
  });

  it('writes the report as HTML, CSV and PDF with crops of the disagreements', async () => {
    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    expect(html).toContain('Could the outcome change?');
    expect(html).toMatch(/<img src="data:image\/png;base64,/);
    const pdf = await readFile(join(job, PATHS.reportPdf));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await readCsvAll(store, PATHS.reportCsv);
    expect(csv.filter((r) => r.section === 'disagreement')).toHaveLength(planted.length);
  });
});
