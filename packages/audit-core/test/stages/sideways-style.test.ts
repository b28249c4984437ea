import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  runPipeline,
  StylePrinter,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { loadTemplates } from '../../src/stages/template-files.js';
import { generatedJob, type GeneratedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * A batch fed through the scanner sideways: every sheet of one style is a portrait ballot
 * scanned in landscape, its front turned a quarter clockwise (and a two-sided sheet's back
 * anticlockwise). Its template must come out upright, as the style is printed, with its
 * targets mapped by the election file; every sheet, turned or not, is read and read right.
 */
const COUNT = 40;

describe.each([
  ['timing marks', 'timing-marks' as const],
  ['Hart-like, two-sided', 'hart' as const],
])('%s: a style whose every sheet was fed sideways', (_name, family) => {
  let made: GeneratedJob;
  let results: StageResult[];
  let election: SynthElection;
  beforeAll(async () => {
    election = makeElection({
      seed: `sideways-${family}`,
      styles: 2,
      ...(family === 'hart' ? { family } : {}),
    });
    made = await generatedJob('scrutineer-sideways-', election, {
      count: COUNT,
      batchSize: COUNT,
      misreads: 2,
      missing: 0,
      extra: 0,
      swapBatches: false,
      scan: { sidewaysStyles: ['S2'] },
    });
    results = await runPipeline(made.store, 'precheck', 'cmpcvr', { batchSize: COUNT });
  }, 900_000);
  afterAll(async () => rm(made.job, { recursive: true, force: true }));

  it('gets an upright template for the turned style, mapped by the election file', async () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    const templates = await loadTemplates(made.store);
    const turned = templates.filter((t) => t.id === 'S2' || t.sideOf?.style === 'S2');
    expect(turned.length).toBeGreaterThan(0);
    for (const t of turned) expect(t.image.height, t.id).toBeGreaterThan(t.image.width);
    const mapping = await readCsvAll(made.store, PATHS.mapping);
    expect(new Set(mapping.filter((m) => m.style === 'S2').map((m) => m.source))).toEqual(
      new Set(['eif']),
    );
  });

  it('reads every sheet right, the sideways ones too, and finds what was planted', async () => {
    const sheets = await readCsvAll(made.store, PATHS.votesSheets);
    expect(sheets).toHaveLength(COUNT);
    expect(sheets.map((s) => [s.sheet_id, s.status])).toEqual(
      sheets.map((s) => [s.sheet_id, 'read']),
    );
    expect(sheets.filter((s) => s.style === 'S2').length).toBeGreaterThan(5);
    const marks = await marksAgainstTruth(made.store, made.truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBe(1);
    const { found, planted } = await foundAndPlanted(made.store, made.planted);
    expect(found).toEqual(planted);
  });

  it('places the sideways sheets’ targets in their files’ frame, where pictures are cut', async () => {
    // Where the style prints each target, turned as the generator fed the sheet: its front a
    // quarter clockwise (the printed page's height becomes the file's width), its back the other way.
    const printer = new StylePrinter(election, 200);
    const rows = (await readCsvAll(made.store, PATHS.votesTargets)).filter((r) =>
      (r.style ?? '').startsWith('S2'),
    );
    expect(rows.length).toBeGreaterThan(50);
    const off: string[] = [];
    for (const r of rows) {
      const side = Number(/~(\d+)$/.exec(r.style ?? '')?.[1] ?? 1);
      const { layout, blank } = await printer.style('S2', side);
      const t = layout.targets.find((p) => p.optionId === r.option_id);
      if (!t) throw new Error(`${r.option_id} is not printed on S2 side ${side}`);
      const want =
        side % 2 === 1
          ? { x: blank.height - 1 - t.cy, y: t.cx }
          : { x: t.cy, y: blank.width - 1 - t.cx };
      // A scan shifts and turns a sheet by a little: within 0.3 in.
      if (Math.hypot(Number(r.x) - want.x, Number(r.y) - want.y) > 60)
        off.push(`${r.sheet_id} ${r.option_id} at ${r.x},${r.y}, printed at ${want.x},${want.y}`);
    }
    expect(off).toEqual([]);
  });
});
