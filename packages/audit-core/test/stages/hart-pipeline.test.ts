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
 * A generated Hart-like election (corner marks, a style barcode, 0.34 × 0.18 in boxes, no timing
 * marks, greyscale two-sided scans) run through every stage. The 2,000-ballot run is
 * `BENCH_FAMILY=hart bench/audit-extractvote.ts`. No batches are swapped here: telling Hart-like
 * styles apart when records go astray is read from the style barcode, not from registration.
 */
const COUNT = 40;
let job: string;
let store: FolderStore;
let planted: PlantedDiscrepancy[];
let results: StageResult[];
const truth = new Map<string, BallotPlan>();

beforeAll(async () => {
  const election = makeElection({ seed: 'hart-suite', family: 'hart', contests: 8 });
  const made = await generatedJob('scrutineer-hart-pipeline-', election, {
    count: COUNT,
    batchSize: 20,
    misreads: 3,
    missing: 1,
    extra: 1,
    swapBatches: false,
  });
  ({ job, store, planted } = made);
  for (const [id, plan] of made.truth) truth.set(id, plan);
  results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 20 });
}, 900_000);

afterAll(async () => {
  await rm(job, { recursive: true, force: true });
});

describe('audit stages on a generated Hart-like election', () => {
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
