import { combineExemplars } from '../image/exemplars.js';
import { findTargets } from '../image/targets.js';
import { buildTemplate, TemplateError } from '../image/template.js';
import { estimateDpi, type GreyImage } from '../image/grey.js';
import { encodePng, loadPage } from '../image/load.js';
import { renderRedline } from '../image/proofs.js';
import { groupExemplarsByImage, type LabelledPage } from '../image/style-groups.js';
import type { TargetMeaning, Template, TemplateContest } from '../image/template.js';
import { packThumbnails } from '../image/thumbnail.js';
import { styleFit, styleSamples } from '../image/match.js';
import { findTimingMarks } from '../image/timing.js';
import type { ContestDefinition } from '../cvr/model.js';
import { readJson, type JobStore } from '../storage/index.js';
import { readCsv, readCsvAll, readJsonLines, writeCsv, type StageContext } from './context.js';
import type { StoredCvrBallot } from './bif.js';
import { batchOf, walkImageEntries } from './images.js';
import { electionInfo, PATHS } from './job.js';
import { BATCH_COLUMNS, storeTarget, type StoredTemplate } from './template-files.js';

export { loadTemplates, untrustedBatches } from './template-files.js';

export const STYLE_COLUMNS = ['sheet_id', 'style', 'style_source'];
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
 * Exemplars combined at once. Registration leaves a pixel or two of disagreement per sheet,
 * and over many bilevel scans that thins printed outlines until targets drop out (10 sheets
 * found all 20 targets of a generated style, 40 found 13); so groups of 10 are tried in turn
 * until one gives the targets the election defines.
 */
const GROUP = 10;

/**
 * Gives each sheet with an image its style from its vote record; sheets without one get the
 * style of the template they match best when extractvote reads them. Up to 50 exemplars per
 * style are chosen: the sheets whose records hold the fewest marks, so that most targets are empty.
 */
export async function genStyles(ctx: StageContext): Promise<void> {
  const byStyle = new Map<string, Record<string, string>[]>();
  const styles: Record<string, string>[] = [];
  let unknown = 0;
  for await (const row of readCsv(ctx.store, PATHS.bif)) {
    if (row.has_image !== 'true') continue;
    const style = row.style ?? '';
    styles.push({ sheet_id: row.sheet_id ?? '', style, style_source: style ? 'cvr' : 'image' });
    if (!style) {
      unknown += 1;
      continue;
    }
    const list = byStyle.get(style) ?? [];
    list.push(row);
    byStyle.set(style, list);
  }
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
  if (unknown > 0)
    ctx.info(
      `${unknown} sheets without a style in the vote records: matched by image in extractvote`,
    );
  if (byStyle.size === 0)
    ctx.problem({
      severity: 'error',
      code: 'no-styles',
      file: PATHS.bif,
      message: 'no vote record gives a ballot style, so no exemplars can be chosen',
    });
  await writeCsv(ctx.store, PATHS.styles, STYLE_COLUMNS, styles);
  await writeCsv(ctx.store, PATHS.exemplars, EXEMPLAR_COLUMNS, exemplars);
  ctx.progress(1, 1);
}

const styleDir = (style: string): string => `${PATHS.templates}${encodeURIComponent(style)}/`;

/** Reads the exemplar images of every style, archive by archive. */
async function loadExemplars(ctx: StageContext): Promise<LabelledPage[]> {
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
        const page = await loadPage(await item.read(), { label: item.entry.entry });
        const sheetId = row.sheet_id ?? '';
        pages.push({ page, sheetId, style: row.style ?? '', batch: batchOf(sheetId).batch });
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

/**
 * Per style: combines up to 50 exemplars into a clean template, finds its targets and maps
 * each to its contest and option in layout order (EIF, else the vote records). People correct
 * the mapping in `input/target-mapping.csv`; rows there win on the next run. Each style gets
 * a redline proof for a person to check.
 */
export async function genTemplates(ctx: StageContext): Promise<void> {
  // Records can carry another sheet's style (a swapped batch): exemplars go by their images.
  const grouped = groupExemplarsByImage(await loadExemplars(ctx));
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
  const expected = await expectedMeanings(ctx.store);
  const corrections = new Map<string, Record<string, string>>();
  for await (const row of readCsv(ctx.store, PATHS.mappingCorrections))
    corrections.set(`${row.style}\u0000${row.target}`, row);
  await ctx.store.remove(PATHS.templates);
  const mapping: Record<string, unknown>[] = [];
  const styles = [...pages.keys()].sort();
  const made: {
    style: string;
    template: Template;
    exemplars: GreyImage[];
    stored: object;
  }[] = [];
  let done = 0;
  for (const style of styles) {
    ctx.checkCancelled();
    // The least skewed sheets first: the first of a group is the one the others are laid on.
    const exemplars = (pages.get(style) ?? [])
      .map((page) => ({ page, skew: skewOf(page) }))
      .sort((a, b) => a.skew - b.skew)
      .map((e) => e.page);
    const want = expected(style);
    let template;
    let source = want?.source ?? 'position';
    try {
      const built = templateFromGroups(exemplars, {
        id: style,
        meanings: want?.meanings,
        contests: want?.contests,
        signal: ctx.signal,
      });
      template = built.template;
      if (!template) {
        ctx.problem({
          severity: 'error',
          code: 'target-mapping',
          file: PATHS.mapping,
          place: `style ${style}`,
          message: `${built.mismatch ?? 'no exemplars'}; targets are grouped by position and need a person's mapping in ${PATHS.mappingCorrections}`,
        });
        template = { ...buildTemplate(built.image, { id: style }), exemplars: built.exemplars };
        source = 'position';
      }
    } catch (error) {
      ctx.problem({
        severity: 'error',
        code: 'no-template',
        file: PATHS.exemplars,
        place: `style ${style}`,
        message: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    template.meanings = template.meanings.map((m, i) => {
      const fix = corrections.get(`${style}\u0000${i + 1}`);
      return fix ? { contestId: fix.contest_id ?? '', optionId: fix.option_id ?? '' } : m;
    });
    for (const r of template.exemplars.rejected)
      ctx.problem({
        severity: 'warning',
        code: 'exemplar-rejected',
        file: PATHS.exemplars,
        place: `style ${style} exemplar ${r.index + 1}`,
        message: r.reason,
      });
    const dir = styleDir(style);
    const { image, thumbnail: _thumb, ...rest } = template;
    const stored = { ...rest, targets: rest.targets.map(storeTarget), mappingSource: source };
    await ctx.store.write(`${dir}template.png`, await encodePng(image));
    const samples = styleSamples(template, exemplars);
    await ctx.store.write(`${dir}samples.bin`, packThumbnails(samples));
    made.push({ style, template: { ...template, samples }, exemplars, stored });
    await ctx.store.write(`${dir}redline.png`, await renderRedline(template));
    template.targets.forEach((t, i) => {
      const m = template.meanings[i];
      const fixed = corrections.has(`${style}\u0000${i + 1}`);
      mapping.push({
        style,
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
      `style ${style}: template from ${template.exemplars.used.length} exemplars, ${template.targets.length} targets mapped by ${source}`,
    );
    ctx.progress(styles.length + ++done, styles.length * 2);
  }
  // Each style's gap to the others' sheets, for extractvote to know a sure fit when it sees one.
  for (const { style, template, stored } of made) {
    const others = made.filter((m) => m.style !== style).flatMap((m) => m.exemplars.slice(0, 6));
    const fit = styleFit(template, others);
    if (fit) await ctx.store.write(`${styleDir(style)}fit-cells.bin`, Buffer.from(fit.cells));
    const json = fit ? { ...stored, styleGap: fit.gap } : stored;
    await ctx.store.write(`${styleDir(style)}template.json`, JSON.stringify(json));
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

/**
 * Combines exemplars in groups that all share the least skewed sheet as their reference, so
 * every combined image is in that sheet's frame. Registration leaves a pixel or two of
 * disagreement per sheet, and over many bilevel scans that can break a printed outline, so a
 * target found in one group's image but missing from the template so far is copied in from
 * that group, until the template has the targets the election defines or exemplars run out.
 */
function templateFromGroups(
  exemplars: GreyImage[],
  options: {
    id: string;
    meanings?: TargetMeaning[];
    contests?: TemplateContest[];
    signal?: AbortSignal;
  },
): {
  template?: Template & { exemplars: StoredTemplate['exemplars'] };
  image: GreyImage;
  mismatch?: string;
  exemplars: StoredTemplate['exemplars'];
} {
  const [reference, ...others] = exemplars;
  if (!reference) throw new TemplateError(`style ${options.id}: no exemplar could be read`);
  let image: GreyImage | undefined;
  const used = new Set<number>();
  const rejected: StoredTemplate['exemplars']['rejected'] = [];
  let mismatch: string | undefined;
  for (let from = 0; from === 0 || from < others.length; from += GROUP - 1) {
    options.signal?.throwIfAborted();
    const combined = combineExemplars([reference, ...others.slice(from, from + GROUP - 1)], {
      signal: options.signal,
    });
    for (const i of combined.used) used.add(i === 0 ? 0 : from + i);
    for (const r of combined.rejected)
      rejected.push({ index: r.index === 0 ? 0 : from + r.index, reason: r.reason });
    image = image ? mergeTargets(image, combined.image) : combined.image;
    const exemplarInfo = { used: [...used].sort((a, b) => a - b), rejected };
    if (!options.meanings)
      return {
        template: { ...buildTemplate(image, options), exemplars: exemplarInfo },
        image,
        exemplars: exemplarInfo,
      };
    try {
      return {
        template: { ...buildTemplate(image, options), exemplars: exemplarInfo },
        image,
        exemplars: exemplarInfo,
      };
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      mismatch = error.message;
    }
  }
  return { image: image ?? reference, mismatch, exemplars: { used: [...used], rejected } };
}

/** Copies into `base` every target of `other` that `base` lacks (both in the same frame). */
function mergeTargets(base: GreyImage, other: GreyImage): GreyImage {
  const have = findTargets(base);
  const near = estimateDpi(base) * 0.05;
  const out = { ...base, data: new Uint8Array(base.data) };
  for (const t of findTargets(other)) {
    if (have.some((h) => Math.abs(h.cx - t.cx) < near && Math.abs(h.cy - t.cy) < near)) continue;
    for (let y = Math.max(0, t.y0 - 4); y < Math.min(base.height, t.y0 + t.height + 4); y += 1)
      for (let x = Math.max(0, t.x0 - 4); x < Math.min(base.width, t.x0 + t.width + 4); x += 1)
        out.data[y * base.width + x] = other.data[y * base.width + x] ?? 255;
  }
  return out;
}

/** How far a page's left timing marks lean from vertical (run over rise). */
function skewOf(page: GreyImage): number {
  const marks = findTimingMarks(page).left;
  const first = marks[0];
  const last = marks.at(-1);
  if (!first || !last || last.y === first.y) return Infinity;
  return Math.abs((last.x - first.x) / (last.y - first.y));
}
