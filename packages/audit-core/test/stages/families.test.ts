import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FolderStore,
  makeSharedLayoutElection,
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
 * The family whose styles print the same layout with different contests (a local measure of
 * their own), with light pencil marks as a 1-bit scanner keeps them. The 2,000-ballot run is
 * `bench/audit-stages.ts` with FAMILY=shared-layout FAINT=0.1.
 */
const COUNT = 60;
let job: string;
let store: FolderStore;
let planted: PlantedDiscrepancy[];
let results: StageResult[];
let truth: Map<string, BallotPlan>;

beforeAll(async () => {
  const election = makeSharedLayoutElection({ seed: 'shared-suite' });
  const made = await generatedJob('scrutineer-families-', election, {
    count: COUNT,
    batchSize: 30,
    misreads: 3,
    missing: 0,
    extra: 1,
    swapBatches: false,
    faintMarks: 0.15,
    // Each sheet carries its own printed serial, as ballots printed on demand do: ink that
    // differs between sheets of one style and must not tell styles apart.
    scan: { imprint: true },
  });
  ({ job, store, planted, truth } = made);
  results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 30 });
}, 900_000);

afterAll(async () => rm(job, { recursive: true, force: true }));

describe('styles that share a layout, with faint marks', () => {
  it('runs every stage to SUCCESS', () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      [
        'precheck',
        'gen_bif',
        'genstyles',
        'gentemplates',
        'extractvote',
        'cmpcvr',
        'genreport',
      ].map((s) => `${s} SUCCESS`),
    );
  });

  it('never merges the styles: every sheet is read on its record’s style, marked unconfirmed', async () => {
    const sheets = await readCsvAll(store, PATHS.votesSheets);
    expect(sheets).toHaveLength(COUNT);
    for (const s of sheets) {
      expect([s.sheet_id, s.style]).toEqual([s.sheet_id, truth.get(s.sheet_id ?? '')?.styleId]);
      expect(s.style_source).toBe('cvr-unconfirmed');
    }
    const problems = await readCsvAll(store, 'extractvote/problems.csv');
    const unconfirmed = problems.filter((p) => p.code === 'style-unconfirmed').map((p) => p.place);
    expect([...new Set(unconfirmed)].sort()).toEqual(['style S1', 'style S2', 'style S3']);
  });

  it('compares every style’s own measure, and finds every planted discrepancy and no other', async () => {
    const contests = new Set(
      (await readCsvAll(store, PATHS.contestSummary)).map((c) => c.contest_id),
    );
    for (const measure of ['M1', 'M2', 'M3']) expect(contests.has(measure)).toBe(true);
    const { found, planted: expected } = await foundAndPlanted(store, planted);
    expect(found).toEqual(expected);
  });

  it('reads faint, light, stray and erased marks right or gray, and clear marks right', async () => {
    const marks = await marksAgainstTruth(store, truth);
    expect(marks.kinds.get('faint')).toBeGreaterThan(10);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
  });

  it('reports each style’s mark distribution and where gray begins', async () => {
    const bands = await readCsvAll(store, 'extractvote/bands.csv');
    expect(bands.map((b) => `${b.batch} ${b.style}`).sort()).toEqual(
      ['1 S1', '1 S2', '1 S3', '2 S1', '2 S2', '2 S3'].filter((k) =>
        bands.some((b) => `${b.batch} ${b.style}` === k),
      ),
    );
    for (const b of bands) {
      expect(Number(b.gray_from)).toBeGreaterThan(Number(b.blank_median));
      expect(Number(b.gray_from)).toBeLessThanOrEqual(0.1);
      expect((b.histogram ?? '').split(';')).toHaveLength(55);
    }
    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    expect(html).toContain('<h2>Marks per style</h2>');
    expect(html).toMatch(/aria-label="targets of style S1 by darkness"/);
  });
});
