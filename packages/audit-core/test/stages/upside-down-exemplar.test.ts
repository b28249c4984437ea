import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  countPages,
  encodeBilevelTiff,
  encodeGreyTiff,
  loadPage,
  makeElection,
  PATHS,
  runPipeline,
  type GreyImage,
  type StageResult,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { walkImageEntries } from '../../src/stages/images.js';
import { skewOf } from '../../src/stages/template-build.js';
import { generatedJob, type GeneratedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * A style's template is built in the frame of its least skewed exemplar. When that sheet went
 * through the scanner upside down, the template must still come out the way the style's other
 * sheets lie, or its targets' meanings fall in reverse order and every sheet reads wrong.
 */
const COUNT = 16;

const turned = (page: GreyImage): GreyImage => ({ ...page, data: page.data.slice().reverse() });

/** Rewrites the job's archive with the least skewed sheet of `style` turned 180°; its id. */
async function turnFirstExemplar(made: GeneratedJob, style: string, grey: boolean) {
  const archive = 'input/images/ballots.zip';
  const entries: { name: string; bytes: Buffer; skew: number; id: string }[] = [];
  for await (const item of walkImageEntries(made.store, archive)) {
    if (item.type !== 'entry') continue;
    const bytes = await item.read();
    const id = item.entry.entry.replace(/^.*\//, '').replace(/\.tif$/, '');
    const ofStyle = made.truth.get(id)?.styleId === style;
    const skew = ofStyle ? skewOf(await loadPage(bytes)) : Infinity;
    entries.push({ name: item.entry.entry, bytes, skew, id });
  }
  const first = entries.reduce((a, b) => (b.skew < a.skew ? b : a));
  const pages: GreyImage[] = [];
  for (let page = 0; page < (await countPages(first.bytes)); page += 1)
    pages.push(turned(await loadPage(first.bytes, { page })));
  const [front, ...backs] = pages as [GreyImage, ...GreyImage[]];
  first.bytes = grey ? await encodeGreyTiff(front, ...backs) : await encodeBilevelTiff(front);
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(join(made.job, archive), Buffer.concat(chunks));
  return first.id;
}

describe.each([
  ['timing marks', 'timing-marks' as const],
  ['Hart-like', 'hart' as const],
])('%s: a style whose first exemplar was fed upside down', (_name, family) => {
  let made: GeneratedJob;
  let results: StageResult[];
  let upsideDown: string;
  beforeAll(async () => {
    const election = makeElection({
      seed: `upside-down-${family}`,
      // One style: with several, grouping exemplars by their images can leave the turned sheet
      // out before it could be the one the others are laid on.
      styles: 1,
      ...(family === 'hart' ? { family } : {}),
    });
    made = await generatedJob('scrutineer-upside-down-', election, {
      count: COUNT,
      batchSize: COUNT,
      misreads: 0,
      missing: 0,
      extra: 0,
      swapBatches: false,
    });
    upsideDown = await turnFirstExemplar(made, 'S1', family === 'hart');
    results = await runPipeline(made.store, 'precheck', 'cmpcvr', { batchSize: COUNT });
  }, 900_000);
  afterAll(async () => rm(made.job, { recursive: true, force: true }));

  it('gets a template the way its other sheets lie, mapped by the election file', async () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    const exemplars = await readCsvAll(made.store, PATHS.exemplars);
    expect(exemplars.map((e) => e.sheet_id)).toContain(upsideDown);
    const mapping = await readCsvAll(made.store, PATHS.mapping);
    expect(new Set(mapping.filter((m) => m.style === 'S1').map((m) => m.source))).toEqual(
      new Set(['eif']),
    );
  });

  it('reads every sheet right, the upside-down one too, and reports no disagreement', async () => {
    const sheets = await readCsvAll(made.store, PATHS.votesSheets);
    expect(sheets.map((s) => [s.sheet_id, s.status])).toEqual(
      sheets.map((s) => [s.sheet_id, 'read']),
    );
    const marks = await marksAgainstTruth(made.store, made.truth);
    expect(marks.wrong).toEqual([]);
    expect(marks.share).toBe(1);
    expect(marks.rows.some((r) => r.sheet_id === upsideDown)).toBe(true);
    const { found, planted } = await foundAndPlanted(made.store, made.planted);
    expect(found).toEqual(planted);
  });
});
