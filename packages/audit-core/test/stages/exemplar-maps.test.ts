import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  CLEAR_KINDS,
  encodeBilevelTiff,
  editedMapKey,
  exemplarKey,
  layoutStyle,
  loadPage,
  makeElection,
  PATHS,
  readBytes,
  runPipeline,
  targetsOnScan,
  type BallotPlan,
  type EditedTargetMap,
  type FolderStore,
  type GreyImage,
  type LayoutTarget,
  type StyleLayout,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { walkImageEntries } from '../../src/stages/images.js';
import { generatedJob, type GeneratedJob } from './generated-job.js';

/**
 * A style whose targets are printed in a drop-out ink shows the reader no target: gentemplates
 * makes no template of it and keeps an exemplar, and a map a person draws there is read. Its
 * sheets fed upside down show no outline to tell their way up by: the print decides.
 */
const STYLE = 'S2';
const election = makeElection({
  seed: 'exemplar-maps',
  styles: 2,
  precincts: 2,
  dropOutStyles: [STYLE],
});

const turned = (page: GreyImage): GreyImage => ({ ...page, data: page.data.slice().reverse() });

/**
 * Whether a page lies the way its print reads, as a person sees it: more of its contest boxes'
 * top edges show ink placed by its timing marks as it lies than turned 180°.
 */
function liesUpright(layout: StyleLayout, page: GreyImage): boolean {
  const edges = layout.boxes.flatMap((b) =>
    [0.2, 0.4, 0.6, 0.8].map((f) => ({
      contestId: '',
      optionId: '',
      cx: b.x + b.w * f,
      cy: b.y,
      rx: 0,
      ry: 0,
    })),
  );
  const inked = (p: GreyImage): number =>
    targetsOnScan({ ...layout, targets: edges }, p).filter((t) =>
      [-2, -1, 0, 1, 2].some(
        (dy) => (p.data[Math.round(t.cy + dy) * p.width + Math.round(t.cx)] ?? 255) < 128,
      ),
    ).length;
  return inked(page) >= inked(turned(page));
}

/** The targets where a person sees them on the exemplar as it lies, upright or not. */
function targetsAsSeen(layout: StyleLayout, page: GreyImage): LayoutTarget[] {
  if (liesUpright(layout, page)) return targetsOnScan(layout, page);
  return targetsOnScan(layout, turned(page)).map((t) => ({
    ...t,
    cx: page.width - 1 - t.cx,
    cy: page.height - 1 - t.cy,
  }));
}

/** Rewrites the job's archive with every other sheet of `style` turned 180° (a batch loaded either way). */
async function turnEveryOther(made: GeneratedJob, style: string): Promise<void> {
  const archive = 'input/images/ballots.zip';
  const zip = new yazl.ZipFile();
  let n = 0;
  for await (const item of walkImageEntries(made.store, archive)) {
    if (item.type !== 'entry') continue;
    let bytes = await item.read();
    const id = item.entry.entry.replace(/^.*\//, '').replace(/\.tif$/, '');
    if (made.truth.get(id)?.styleId === style && n++ % 2 === 1)
      bytes = await encodeBilevelTiff(turned(await loadPage(bytes)));
    zip.addBuffer(bytes, item.entry.entry, { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(join(made.job, archive), Buffer.concat(chunks));
}

describe.each([
  ['fed upright', 'upright'],
  ['fed upside down', 'upside down'],
  ['fed either way', 'either way'],
])('a style with no target the reader can see, %s', (_name, feed) => {
  let job: string;
  let store: FolderStore;
  let truth: Map<string, BallotPlan>;

  beforeAll(async () => {
    const made = await generatedJob('scrutineer-exemplar-', election, {
      count: 16,
      ...(feed === 'upside down' ? { scan: { upsideDownStyles: [STYLE] } } : {}),
    });
    if (feed === 'either way') await turnEveryOther(made, STYLE);
    ({ job, store, truth } = made);
    // A stage that ends with problems stops a run: extractvote is run on its own.
    await runPipeline(store, 'precheck', 'gentemplates', { batchSize: 50 });
    await runPipeline(store, 'extractvote', 'extractvote', { batchSize: 50 });
  }, 600_000);

  afterAll(async () => rm(job, { recursive: true, force: true }));

  it('gets no template: its exemplar is kept, and its sheets say why they were not read', async () => {
    expect(await store.exists(`${PATHS.templates}S1/template.json`)).toBe(true);
    expect(await store.exists(`${PATHS.templates}${STYLE}/template.json`)).toBe(false);
    expect(await store.exists(exemplarKey(STYLE))).toBe(true);
    // Kept the way its print reads, for a person to map, however its sheets were fed.
    const page = await loadPage(await readBytes(store, exemplarKey(STYLE)));
    expect(liesUpright(layoutStyle(election, STYLE), page)).toBe(true);
    const problems = await readCsvAll(store, 'gentemplates/problems.csv');
    expect(problems.filter((p) => p.code === 'no-template')).toMatchObject([
      {
        place: `style ${STYLE}`,
        message: `style ${STYLE}: no voting target found on its exemplars; a person can map its targets on its exemplar`,
      },
    ]);
    // Its sheets are not read on the other style's template, which they only look nearest to.
    const sheets = (await readCsvAll(store, PATHS.votesSheets)).filter((s) => s.style === STYLE);
    expect(sheets.length).toBeGreaterThan(0);
    for (const s of sheets)
      expect([s.sheet_id, s.status, s.reason]).toEqual([
        s.sheet_id,
        'unreadable',
        `style ${STYLE} has no template: a person can map it on its exemplar`,
      ]);
    const others = (await readCsvAll(store, PATHS.votesSheets)).filter((s) => s.style !== STYLE);
    expect(others.every((s) => s.status === 'read')).toBe(true);
  });

  it('is read with a map drawn on its exemplar, clear marks as the voters made them', async () => {
    const page = await loadPage(await readBytes(store, exemplarKey(STYLE)));
    const targets = targetsAsSeen(layoutStyle(election, STYLE), page).map((t) => ({
      x: Math.round(t.cx - t.rx) - 2,
      y: Math.round(t.cy - t.ry) - 2,
      width: Math.round(2 * t.rx) + 4,
      height: Math.round(2 * t.ry) + 4,
      contest_id: t.contestId,
      option_id: t.optionId,
    }));
    const map: EditedTargetMap = {
      style: STYLE,
      targets,
      edited_by: 'Test Auditor',
      edited_at: new Date(0).toISOString(),
    };
    await store.write(editedMapKey(STYLE), JSON.stringify(map));
    await runPipeline(store, 'extractvote', 'extractvote', { batchSize: 50 });
    const all = await readCsvAll(store, PATHS.votesSheets);
    expect(all.map((s) => [s.sheet_id, s.status])).toEqual(all.map((s) => [s.sheet_id, 'read']));
    // Each sheet is read on the style its record gives (the sheet left without one, by image).
    for (const s of all)
      if (s.style_source === 'cvr')
        expect([s.sheet_id, s.style]).toEqual([s.sheet_id, truth.get(s.sheet_id ?? '')?.styleId]);
    const sheets = all.filter((s) => s.style === STYLE);
    expect(sheets.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    let clear = 0;
    for (const t of await readCsvAll(store, PATHS.votesTargets)) {
      if (t.style !== STYLE) continue;
      const target = truth.get(t.sheet_id ?? '')?.targets.find((x) => x.optionId === t.option_id);
      if (!target)
        throw new Error(`sheet ${t.sheet_id} target ${t.option_id} is not on its ballot`);
      if (!CLEAR_KINDS.includes(target.kind)) continue;
      clear += 1;
      if ((t.decision === 'vote') !== target.isIntended || t.decision === 'gray')
        wrong.push(`${t.sheet_id} ${t.option_id} ${target.kind} read ${t.decision}`);
    }
    expect(clear).toBeGreaterThan(sheets.length * targets.length * 0.5);
    expect(wrong).toEqual([]);
  }, 600_000);
});
