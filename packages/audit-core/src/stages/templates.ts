import { encodePng, countPages, loadPage } from '../image/load.js';
import type { GreyImage } from '../image/grey.js';
import { renderRedline } from '../image/proofs.js';
import { groupExemplarsByImage, type LabelledPage } from '../image/style-groups.js';
import { buildTemplate, type TargetMeaning, type Template } from '../image/template.js';
import type { TemplateContest } from '../image/template.js';
import { packThumbnails } from '../image/thumbnail.js';
import { styleFit, styleSamples } from '../image/match.js';
import type { ContestDefinition } from '../cvr/model.js';
import { readJson, type JobStore } from '../storage/index.js';
import { readCsv, readCsvAll, readJsonLines, writeCsv, type StageContext } from './context.js';
import type { StoredCvrBallot } from './bif.js';
import { batchOf, walkImageEntries } from './images.js';
import { electionInfo, PATHS } from './job.js';
import { skewOf, templateFromGroups } from './template-build.js';
import { readEngineSettings } from './job-settings.js';
import { placeUnstyled, reportPlacing } from './style-placement.js';
import { BATCH_COLUMNS, storeTarget } from './template-files.js';
import { ContestRuns, sideExemplars, sidesOf, sideTemplateId } from './template-sides.js';
import type { ExemplarSides, StyleMeanings } from './template-sides.js';

export { loadTemplates, untrustedBatches } from './template-files.js';

export const STYLE_COLUMNS = ['sheet_id', 'style', 'style_source', 'reason'];
export const EXEMPLAR_COLUMNS = ['style', 'sheet_id', 'archive', 'entry', 'entry_index'];
export const MAPPING_COLUMNS = [
  'style',
  'target',
  'x',
  'y',
  'width',
  'height',
  'contest_id',
  'option_id',
  'source',
];
const MAX_EXEMPLARS = 50;

/**
 * Gives each sheet with an image its style from its vote record; sheets without one get the
 * election file's style when it declares one, else the style of the template they match best
 * when extractvote reads them. With no record at all and several declared styles, a sample of
 * the sheets is placed by what their images show (`placeByImage`) to give each style exemplars.
 * Up to 50 exemplars per style are chosen: the sheets whose records hold the fewest marks, so
 * that most targets are empty.
 */
export async function genStyles(ctx: StageContext): Promise<void> {
  const byStyle = new Map<string, Record<string, string>[]>();
  const styles: Record<string, string>[] = [];
  let unknown = 0;
  // An election file that declares one style gives it to every sheet no record names: the
  // images can then be read with no vote record at all (an image-only tally).
  const info = await electionInfo(ctx.store);
  const declared = info?.styles ?? [];
  const only = declared.length === 1 ? declared[0]?.id : undefined;
  const rows: Record<string, string>[] = [];
  for await (const row of readCsv(ctx.store, PATHS.bif))
    if (row.has_image === 'true') rows.push(row);
  const placing = await placeUnstyled(ctx, rows, info);
  for (const row of rows) {
    const recorded = row.style ?? '';
    const sheet = row.sheet_id ?? '';
    const placed = placing?.placed.get(sheet);
    const style = recorded || only || placed || '';
    styles.push({
      sheet_id: sheet,
      style,
      style_source: recorded ? 'cvr' : only ? 'eif' : 'image',
      reason: placing?.unplaced.get(sheet) ?? '',
    });
    if (!style) {
      unknown += 1;
      continue;
    }
    const list = byStyle.get(style) ?? [];
    list.push(row);
    byStyle.set(style, list);
  }
  if (placing) reportPlacing(ctx, placing, declared.length);
  // Sheets with few marks make the cleanest exemplars: their targets are empty.
  const marks = new Map<string, number>();
  for await (const ballot of readJsonLines<StoredCvrBallot>(ctx.store, PATHS.cvrBallots))
    marks.set(
      ballot.sheet_id,
      ballot.contests.reduce((n, c) => n + c.marks.length, 0),
    );
  const exemplars: Record<string, string>[] = [];
  for (const [style, all] of [...byStyle].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const rows = all
      .map((row, order) => ({ row, order, marks: marks.get(row.sheet_id ?? '') ?? 0 }))
      .sort((a, b) => a.marks - b.marks || a.order - b.order)
      .slice(0, MAX_EXEMPLARS)
      .sort((a, b) => a.order - b.order)
      .map((r) => r.row);
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i];
      if (row)
        exemplars.push({
          style,
          sheet_id: row.sheet_id ?? '',
          archive: row.archive ?? '',
          entry: row.entry ?? '',
          entry_index: row.entry_index ?? '',
        });
    }
    ctx.info(`style ${style}: ${rows.length} sheets`);
  }
  const fromEif = styles.filter((s) => s.style_source === 'eif').length;
  if (fromEif > 0)
    ctx.info(`${fromEif} sheets without a vote record take the election file's one style ${only}`);
  if (unknown > 0)
    ctx.info(
      `${unknown} sheets without a style in the vote records: matched by image in extractvote`,
    );
  if (byStyle.size === 0)
    ctx.problem({
      severity: 'error',
      code: 'no-styles',
      file: PATHS.bif,
      message: placing
        ? 'no vote record gives a ballot style, and no sheet could be placed on a declared style by its image, so no exemplars can be chosen'
        : 'no vote record gives a ballot style, so no exemplars can be chosen',
    });
  await writeCsv(ctx.store, PATHS.styles, STYLE_COLUMNS, styles);
  await writeCsv(ctx.store, PATHS.exemplars, EXEMPLAR_COLUMNS, exemplars);
  ctx.progress(1, 1);
}

const styleDir = (style: string): string => `${PATHS.templates}${encodeURIComponent(style)}/`;

/**
 * Reads the exemplar images of every style, archive by archive: the front page decoded, and
 * the entry kept packed in `later` when it holds more pages (a sheet's other sides).
 */
async function loadExemplars(
  ctx: StageContext,
  later: Map<GreyImage, ExemplarSides>,
): Promise<LabelledPage[]> {
  const rows = await readCsvAll(ctx.store, PATHS.exemplars);
  const pages: LabelledPage[] = [];
  const archives = [...new Set(rows.map((r) => r.archive ?? ''))];
  let done = 0;
  for (const archive of archives) {
    const wanted = new Map(
      rows.filter((r) => r.archive === archive).map((r) => [Number(r.entry_index), r]),
    );
    for await (const item of walkImageEntries(ctx.store, archive, (i) => wanted.has(i))) {
      ctx.checkCancelled();
      if (item.type === 'problem') continue;
      const row = wanted.get(item.entry.entryIndex);
      if (!row) continue;
      try {
        const bytes = await item.read();
        const label = item.entry.entry;
        const page = await loadPage(bytes, { label });
        const count = await countPages(bytes);
        if (count > 1) later.set(page, { bytes, pages: count, label });
        const back = count > 1 ? await loadPage(bytes, { page: 1, label }) : undefined;
        const sheetId = row.sheet_id ?? '';
        const batch = batchOf(sheetId).batch;
        pages.push({ page, sheetId, style: row.style ?? '', batch, ...(back ? { back } : {}) });
      } catch (error) {
        ctx.problem({
          severity: 'error',
          code: 'corrupt-image',
          file: archive,
          place: item.entry.entry,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      ctx.progress(++done, rows.length * 2);
    }
  }
  return pages;
}

/** The meaning of each target of a style in layout order, from the EIF or the vote records. */
async function expectedMeanings(
  store: JobStore,
): Promise<
  (
    style: string,
  ) => { meanings: TargetMeaning[]; contests: TemplateContest[]; source: string } | undefined
> {
  const eif = await electionInfo(store);
  const fromCvr = (await store.exists(PATHS.cvrContests))
    ? await readJson<{ contests: ContestDefinition[]; styles: Record<string, string[]> }>(
        store,
        PATHS.cvrContests,
      )
    : { contests: [], styles: {} };
  return (style) => {
    const eifStyle = eif?.styles?.find((s) => s.id === style);
    const contestIds = eifStyle?.contestIds ?? fromCvr.styles[style];
    const definitions = eifStyle ? (eif?.contests ?? []) : fromCvr.contests;
    if (!contestIds) return undefined;
    const meanings: TargetMeaning[] = [];
    const contests: TemplateContest[] = [];
    for (const id of contestIds) {
      const contest = definitions.find((c) => c.id === id);
      if (!contest) continue;
      contests.push({ id, voteFor: contest.voteFor });
      for (const option of contest.options) meanings.push({ contestId: id, optionId: option.id });
    }
    return { meanings, contests, source: eifStyle ? 'eif' : 'cvr' };
  };
}

/** One side's template as gentemplates builds it, before it is written. */
interface Made {
  style: string;
  side: number;
  template: Template;
  exemplars: GreyImage[];
  stored: object;
}

/**
 * Per style: combines up to 50 exemplars into a clean template, finds its targets and maps
 * each to its contest and option in layout order (EIF, else the vote records). People correct
 * the mapping in `input/target-mapping.csv`; rows there win on the next run. Each style gets
 * a redline proof for a person to check. A sheet's sides are the pages of its image entry:
 * each side after the front gets its own template (`<style>~<side>`) from the same exemplars'
 * pages, mapped to the run of contests after the side before it; a side with no targets
 * (a blank back) gets none.
 */
export async function genTemplates(ctx: StageContext): Promise<void> {
  const later = new Map<GreyImage, ExemplarSides>();
  const expected = await expectedMeanings(ctx.store);
  const { targets: targetSpec } = await readEngineSettings(ctx.store);
  // Styles with the same contests print the same page but for a precinct name.
  const alike = (a: string, b: string): boolean => {
    const [x, y] = [expected(a), expected(b)];
    return (
      !!x &&
      !!y &&
      JSON.stringify([x.meanings, x.contests]) === JSON.stringify([y.meanings, y.contests])
    );
  };
  // Records can carry another sheet's style (a swapped batch): exemplars go by their images.
  const grouped = groupExemplarsByImage(await loadExemplars(ctx, later), alike);
  for (const m of grouped.moved)
    ctx.info(`exemplar ${m.sheetId}: its record says style ${m.labelled}, its image is ${m.style}`);
  for (const d of grouped.dropped)
    ctx.problem({
      severity: 'warning',
      code: 'exemplar-unmatched',
      file: PATHS.exemplars,
      place: d.sheetId,
      message: `its record says style ${d.labelled}, but its image looks like no style's exemplars; left out`,
    });
  const pages = grouped.pages;
  const corrections = new Map<string, Record<string, string>>();
  for await (const row of readCsv(ctx.store, PATHS.mappingCorrections))
    corrections.set(`${row.style}\u0000${row.target}`, row);
  await ctx.store.remove(PATHS.templates);
  const mapping: Record<string, unknown>[] = [];
  const styles = [...pages.keys()].sort();
  const made: Made[] = [];
  /** Styles kept as an exemplar, with a template of that page to sample and fit them on. */
  const standIns: { style: string; template: Template; exemplars: GreyImage[] }[] = [];
  let done = 0;

  /** Keeps a side's first exemplar for a person to map by hand when no template can be made. */
  const keepExemplar = async (
    id: string,
    exemplars: GreyImage[],
    reason: string,
    runs: ContestRuns | undefined,
  ): Promise<undefined> => {
    ctx.problem({
      severity: 'error',
      code: 'no-template',
      file: PATHS.exemplars,
      place: `style ${id}`,
      message: `${reason}; a person can map its targets on its exemplar`,
    });
    // The page a person maps the style on by hand; extractvote reads it as the template.
    const first = exemplars[0];
    if (first) await ctx.store.write(`${styleDir(id)}exemplar.png`, await encodePng(first));
    runs?.settle(undefined);
    // Sampled on its exemplar, the style's pages can still be told from other styles' pages:
    // they are not read on another style's template, and once mapped they are read on theirs.
    if (first && !/~\d+$/.test(id))
      try {
        const standIn = buildTemplate(first, { id });
        const samples = styleSamples(standIn, exemplars);
        await ctx.store.write(`${styleDir(id)}samples.bin`, packThumbnails(samples));
        standIns.push({ style: id, template: { ...standIn, samples }, exemplars });
      } catch {
        // A page with nothing to register on gives no samples; its sheets say so when read.
      }
    return undefined;
  };

  /** Builds, corrects and writes one side's template; undefined when none could be built. */
  const makeTemplate = async (
    style: string,
    side: number,
    exemplars: GreyImage[],
    want: StyleMeanings | undefined,
    runs: ContestRuns | undefined,
  ): Promise<Made | undefined> => {
    const id = sideTemplateId(style, side);
    let template;
    let source = want?.source ?? 'position';
    let mapped = true;
    let mismatch = '';
    try {
      const built = templateFromGroups(exemplars, {
        id,
        targetSpec,
        ...(runs
          ? { meaningsFor: runs.meaningsFor(side) }
          : { meanings: want?.meanings, contests: want?.contests }),
        signal: ctx.signal,
      });
      template = built.template;
      if (!template && side > 1 && runs && !runs.hasContestsLeft) {
        ctx.info(`style ${style} side ${side}: every contest is on an earlier side; not read`);
        return undefined;
      }
      if (!template) {
        mismatch = built.mismatch ?? 'no exemplars';
        template = {
          ...buildTemplate(built.image, { id, targetSpec }),
          exemplars: built.exemplars,
        };
        source = 'position';
        mapped = false;
        if (side > 1) {
          // Position ids name contests per template; a later side's must not meet the front's.
          const rename = (c: string): string => `side-${side}-${c}`;
          template.meanings = template.meanings.map((m) => ({
            ...m,
            contestId: rename(m.contestId),
          }));
          template.contests = template.contests.map((c) => ({ ...c, id: rename(c.id) }));
        }
      }
    } catch (error) {
      if (side > 1 && runs && !runs.hasContestsLeft) {
        ctx.info(`style ${style} side ${side}: no template (${reasonOf(error)}); not read`);
        return undefined;
      }
      return keepExemplar(id, exemplars, reasonOf(error), runs);
    }
    // A front with no target the reader can see (printed in a drop-out ink, or in a shape it
    // does not know) reads nothing, and its combined image may not show the targets at all:
    // a person maps it on an exemplar, which shows at least the voters' marks.
    if (side === 1 && template.targets.length === 0)
      return keepExemplar(
        id,
        exemplars,
        `style ${id}: no voting target found on its exemplars`,
        runs,
      );
    if (!mapped)
      ctx.problem({
        severity: 'error',
        code: 'target-mapping',
        file: PATHS.mapping,
        place: `style ${id}`,
        message: `${mismatch}; targets are grouped by position and need a person's mapping in ${PATHS.mappingCorrections}`,
      });
    runs?.settle(mapped ? template.contests : undefined);
    if (side > 1 && template.targets.length === 0) {
      ctx.info(`style ${style} side ${side}: no voting targets; its pages are not read`);
      return undefined;
    }
    template.meanings = template.meanings.map((m, i) => {
      const fix = corrections.get(`${id}\u0000${i + 1}`);
      return fix ? { contestId: fix.contest_id ?? '', optionId: fix.option_id ?? '' } : m;
    });
    for (const r of template.exemplars.rejected)
      ctx.problem({
        severity: 'warning',
        code: 'exemplar-rejected',
        file: PATHS.exemplars,
        place: `style ${id} exemplar ${r.index + 1}`,
        message: r.reason,
      });
    const dir = styleDir(id);
    const { image, thumbnail: _thumb, ...rest } = template;
    const stored = {
      ...rest,
      targets: rest.targets.map(storeTarget),
      mappingSource: source,
      ...(side > 1 ? { style, side } : {}),
    };
    await ctx.store.write(`${dir}template.png`, await encodePng(image));
    await ctx.store.write(`${dir}redline.png`, await renderRedline(template));
    template.targets.forEach((t, i) => {
      const m = template.meanings[i];
      const fixed = corrections.has(`${id}\u0000${i + 1}`);
      mapping.push({
        style: id,
        target: i + 1,
        x: t.x0,
        y: t.y0,
        width: t.width,
        height: t.height,
        contest_id: m?.contestId,
        option_id: m?.optionId,
        source: fixed ? 'correction' : source,
      });
    });
    ctx.info(
      `style ${id}: template from ${template.exemplars.used.length} exemplars, ${template.targets.length} targets mapped by ${source}`,
    );
    return { style, side, template, exemplars, stored };
  };

  for (const style of styles) {
    ctx.checkCancelled();
    // The least skewed sheets first: the first of a group is the one the others are laid on.
    const fronts = (pages.get(style) ?? [])
      .map((page) => ({ page, skew: skewOf(page) }))
      .sort((a, b) => a.skew - b.skew)
      .map((e) => e.page);
    const want = expected(style);
    const sides = sidesOf(fronts, later);
    const runs = sides > 1 && want ? new ContestRuns(want, sides) : undefined;
    for (let side = 1; side <= sides; side += 1) {
      ctx.checkCancelled();
      const exemplars = side === 1 ? fronts : await sideExemplars(fronts, later, side);
      const one = await makeTemplate(style, side, exemplars, want, runs);
      if (!one) continue;
      // Sheets of a style, for telling styles apart (a back too: styles can differ there alone).
      const samples = styleSamples(one.template, exemplars);
      const dir = styleDir(sideTemplateId(style, side));
      await ctx.store.write(`${dir}samples.bin`, packThumbnails(samples));
      made.push({ ...one, template: { ...one.template, samples } });
    }
    ctx.progress(styles.length + ++done, styles.length * 2);
  }
  // Each style's gap to the others' sheets, for extractvote to know a sure fit when it sees one.
  const fronts = [...made.filter((m) => m.side === 1), ...standIns];
  for (const { style, side, template, stored } of made) {
    // A style alike to this one reads a page the same way: taking one for the other costs nothing.
    const others = fronts
      .filter((m) => m.style !== style && !alike(m.style, style))
      .flatMap((m) => m.exemplars.slice(0, 6));
    // Styles are told on the front; later sides are read on the style the front showed.
    const fit = side === 1 ? styleFit(template, others) : undefined;
    const dir = styleDir(sideTemplateId(style, side));
    if (fit) await ctx.store.write(`${dir}fit-cells.bin`, Buffer.from(fit.cells));
    const json = fit ? { ...stored, styleGap: fit.gap } : stored;
    await ctx.store.write(`${dir}template.json`, JSON.stringify(json));
  }
  for (const { style, template } of standIns) {
    const others = fronts
      .filter((m) => m.style !== style && !alike(m.style, style))
      .flatMap((m) => m.exemplars.slice(0, 6));
    const fit = styleFit(template, others);
    if (!fit) continue;
    await ctx.store.write(`${styleDir(style)}fit-cells.bin`, Buffer.from(fit.cells));
    await ctx.store.write(`${styleDir(style)}exemplar.json`, JSON.stringify({ styleGap: fit.gap }));
  }
  await writeCsv(ctx.store, PATHS.mapping, MAPPING_COLUMNS, mapping);
  await writeCsv(ctx.store, PATHS.styleBatches, BATCH_COLUMNS, grouped.batches);
  for (const b of grouped.batches.filter((x) => !x.trusted))
    ctx.problem({
      severity: 'warning',
      code: 'batch-styles',
      file: PATHS.exemplars,
      place: `batch ${b.batch}`,
      message: `the records' styles agree with the images on ${b.agreeing} of ${b.exemplars} exemplars; its sheets are read by the style their images show`,
    });
  ctx.progress(1, 1);
}

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
