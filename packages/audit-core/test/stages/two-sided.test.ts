import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FolderStore,
  makeElection,
  PATHS,
  runPipeline,
  styleSides,
  type BallotPlan,
  type PlantedDiscrepancy,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';
import { StageContext } from '../../src/stages/context.js';
import { walkImageEntries } from '../../src/stages/images.js';
import { makeCrops } from '../../src/stages/report-crops.js';

/**
 * Two-sided sheets, each written as a two-page Group 4 TIFF as Dominion writes them: the
 * contests on the back must be read and compared like those on the front.
 */
const COUNT = 48;
let job: string;
let store: FolderStore;
let election: SynthElection;
let planted: PlantedDiscrepancy[];
let results: StageResult[];
const truth = new Map<string, BallotPlan>();

const backContests = (styleId: string): string[] => styleSides(election, styleId)[1] ?? [];

beforeAll(async () => {
  election = makeElection({ seed: 'two-sided', contests: 8, sides: 2 });
  const made = await generatedJob('scrutineer-two-sided-', election, {
    count: COUNT,
    batchSize: 24,
    misreads: 8,
    missing: 1,
    extra: 1,
    swapBatches: false,
  });
  ({ job, store, planted } = made);
  for (const [id, plan] of made.truth) truth.set(id, plan);
  results = await runPipeline(store, 'precheck', 'genreport', { batchSize: 20 });
}, 600_000);

afterAll(async () => {
  await rm(job, { recursive: true, force: true });
});

describe('two-sided sheets', () => {
  it('writes each sheet as a two-page Group 4 TIFF and plants a misread on a back', async () => {
    let bytes: Buffer | undefined;
    for await (const item of walkImageEntries(store, 'input/images/ballots.zip'))
      if (item.type === 'entry' && !bytes) bytes = await item.read();
    const meta = await sharp(bytes).metadata();
    expect([meta.pages, meta.width, meta.height]).toEqual([2, 1700, 2200]);
    // Group 4: two 1-bit pages of 8.5 × 11 inches at 200 dpi would take 935 kB unpacked.
    expect(bytes?.length).toBeLessThan(200_000);
    expect(
      planted.some(
        (p) =>
          p.kind === 'misread' &&
          backContests(truth.get(p.ballotId)?.styleId ?? '').includes(p.contestId),
      ),
    ).toBe(true);
  });

  it('runs precheck to genreport and counts two pages per image', async () => {
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
    const images = (await readCsvAll(store, PATHS.precheckInputs)).find(
      (r) => r.key === 'input/images/ballots.zip',
    );
    expect([images?.images, images?.pages]).toEqual([String(COUNT), String(2 * COUNT)]);
  });

  it('builds a template for the back of every style with contests there', async () => {
    const styles = [...new Set([...truth.values()].map((p) => p.styleId))].sort();
    const mapped = new Set((await readCsvAll(store, PATHS.mapping)).map((r) => r.style));
    for (const style of styles) {
      expect(mapped.has(style)).toBe(true);
      expect(mapped.has(`${style}~2`)).toBe(backContests(style).length > 0);
    }
  });

  it('reads every contest of every sheet, front and back', async () => {
    const read = new Map<string, Set<string>>();
    for (const c of await readCsvAll(store, PATHS.votesContests))
      read.set(c.sheet_id ?? '', (read.get(c.sheet_id ?? '') ?? new Set()).add(c.contest_id ?? ''));
    const sheets = await readCsvAll(store, PATHS.votesSheets);
    expect(sheets.filter((s) => s.status !== 'read')).toEqual([]);
    expect(sheets).toHaveLength(COUNT);
    for (const s of sheets) {
      const plan = truth.get(s.sheet_id ?? '');
      const style = election.styles.find((x) => x.id === plan?.styleId);
      expect([...(read.get(s.sheet_id ?? '') ?? [])].sort()).toEqual(
        [...(style?.contestIds ?? [])].sort(),
      );
    }
  });

  it('finds every planted discrepancy and reports no other', async () => {
    const { found, planted: expected } = await foundAndPlanted(store, planted);
    expect(found).toEqual(expected);
  });

  it('reads clear marks on both sides right and flags the doubtful ones gray', async () => {
    const marks = await marksAgainstTruth(store, truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.rows.filter((t) => t.style?.endsWith('~2')).length).toBeGreaterThan(0);
    expect(marks.share).toBeGreaterThanOrEqual(0.999);
  });

  it('crops a disagreement on a back from the back page', async () => {
    const rows = await readCsvAll(store, PATHS.disagreements);
    const row = rows.find(
      (d) =>
        d.kind === 'Normal Disagreed' &&
        backContests(truth.get(d.sheet_id ?? '')?.styleId ?? '').includes(d.contest_id ?? ''),
    );
    expect(row).toBeDefined();
    const targets = (await readCsvAll(store, PATHS.votesTargets)).filter(
      (t) => t.sheet_id === row?.sheet_id && t.contest_id === row?.contest_id,
    );
    expect(targets.every((t) => t.style?.endsWith('~2'))).toBe(true);
    // The picture in the report is the contest cut from the back page, not the front.
    const html = await readFile(join(job, PATHS.reportHtml), 'utf8');
    const shown = new RegExp(
      `<img src="data:image/png;base64,([^"]+)" alt="sheet ${row?.sheet_id} contest ${row?.contest_id}"`,
    ).exec(html)?.[1];
    expect(shown).toBeDefined();
    const xs = targets.map((t) => Number(t.x));
    const ys = targets.map((t) => Number(t.y));
    const request = {
      archive: row?.archive ?? '',
      entry: row?.entry ?? '',
      box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
    };
    const made = await makeCrops(new StageContext('genreport', store), [
      { ...request, id: 'back', side: 2 },
      { ...request, id: 'front', side: 1 },
    ]);
    const picture = Buffer.from(shown ?? '', 'base64');
    expect(picture.equals(made.get('back') ?? Buffer.alloc(0))).toBe(true);
    expect(picture.equals(made.get('front') ?? Buffer.alloc(0))).toBe(false);
  });
});
