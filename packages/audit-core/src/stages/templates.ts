import { encodePng } from '../image/load.js';
import type { GreyImage } from '../image/grey.js';
import type { CombinedExemplars } from '../image/exemplars.js';
import { printedWayUp } from '../image/orientation.js';
import { renderRedline } from '../image/proofs.js';
import { groupExemplarsByImage } from '../image/style-groups.js';
import { buildTemplate, type Template } from '../image/template.js';
import { packThumbnails } from '../image/thumbnail.js';
import { chooseSamples, styleFit } from '../image/match.js';
import { readCsv, writeCsv, type StageContext } from './context.js';
import { PATHS } from './job.js';
import { groupByCardCodes } from './exemplar-cards.js';
import { skewOf, templateFromGroups } from './template-build.js';
import { readEngineSettings } from './job-settings.js';
import { BATCH_COLUMNS, SAMPLES_FILE, storeTarget } from './template-files.js';
import { expectedMeanings, loadExemplars } from './template-inputs.js';
import { ContestRuns, sideExemplars, sidesOf, sideTemplateId } from './template-sides.js';
import type { ExemplarSides, StyleMeanings } from './template-sides.js';

export { loadTemplates, untrustedBatches } from './template-files.js';

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

const styleDir = (style: string): string => `${PATHS.templates}${encodeURIComponent(style)}/`;

/** One side's template as gentemplates builds it, before it is written. */
interface Made {
  style: string;
  side: number;
  template: Template;
  exemplars: GreyImage[];
  /** The exemplars its samples were taken from: its sheets as they come out (see `sheetsOf`). */
  sampled?: GreyImage[];
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
  const labelled = await loadExemplars(ctx, later);
  const grouped = groupExemplarsByImage(labelled, alike);
  // Where images cannot tell styles apart, the card code each exemplar prints can.
  await groupByCardCodes(ctx, labelled, grouped);
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
  const standIns: {
    style: string;
    template: Template;
    exemplars: GreyImage[];
    sampled: GreyImage[];
  }[] = [];
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
    // The page a person maps the style on by hand; extractvote reads it as the template. Kept
    // the way its text reads (a style loaded upside down, its first sheet among them): a person
    // maps it upright, and its sheets fed either way are laid on it by their print.
    const scanned = exemplars[0];
    const first =
      scanned && printedWayUp(scanned)?.turned
        ? { ...scanned, data: scanned.data.slice().reverse() }
        : scanned;
    if (first) await ctx.store.write(`${styleDir(id)}exemplar.png`, await encodePng(first));
    runs?.settle(undefined);
    // Sampled on its exemplar, the style's pages can still be told from other styles' pages:
    // they are not read on another style's template, and once mapped they are read on theirs.
    if (first && !/~\d+$/.test(id))
      try {
        const standIn = buildTemplate(first, { id });
        const { samples, pages: sampled } = chooseSamples(standIn, exemplars);
        await ctx.store.write(`${styleDir(id)}${SAMPLES_FILE}`, packThumbnails(samples));
        standIns.push({ style: id, template: { ...standIn, samples }, exemplars, sampled });
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
    let wayUp = '';
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
      wayUp = WAY_UP[built.wayUp];
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
    if (template.printedInsides?.length)
      ctx.problem({
        severity: 'warning',
        code: 'few-exemplars',
        file: PATHS.exemplars,
        place: `style ${id}`,
        message: `template from ${template.exemplars.used.length} exemplars, too few to tell print from voters' marks: ${template.printedInsides.length} of its ${template.targets.length} targets held ink inside (targets ${template.printedInsides.map((i) => i + 1).join(', ')}), taken as their printed box's inside with no print in it; check them on the redline`,
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
      `style ${id}: template from ${template.exemplars.used.length} exemplars, ${template.targets.length} targets mapped by ${source}, ${wayUp}`,
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
      const { samples, pages: sampled } = chooseSamples(one.template, exemplars);
      const dir = styleDir(sideTemplateId(style, side));
      await ctx.store.write(`${dir}${SAMPLES_FILE}`, packThumbnails(samples));
      made.push({ ...one, template: { ...one.template, samples }, sampled });
    }
    ctx.progress(styles.length + ++done, styles.length * 2);
  }
  // Each style's gap to the others' sheets, for extractvote to know a sure fit when it sees one.
  const fronts = [...made.filter((m) => m.side === 1), ...standIns];
  // A style alike to this one reads a page the same way: taking one for the other costs nothing.
  const othersOf = (style: string): GreyImage[] =>
    fronts.filter((m) => m.style !== style && !alike(m.style, style)).flatMap(sheetsOf);
  for (const { style, side, template, stored } of made) {
    const others = othersOf(style);
    // Styles are told on the front; later sides are read on the style the front showed.
    const fit = side === 1 ? styleFit(template, others) : undefined;
    const dir = styleDir(sideTemplateId(style, side));
    if (fit) await ctx.store.write(`${dir}fit-cells.bin`, Buffer.from(fit.cells));
    const json = fit ? { ...stored, styleGap: fit.gap } : stored;
    await ctx.store.write(`${dir}template.json`, JSON.stringify(json));
  }
  for (const { style, template } of standIns) {
    const fit = styleFit(template, othersOf(style));
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

/**
 * A style's sheets that another style's gap is measured against: its first few exemplars (the
 * least skewed) and those its samples were taken from, which span how its sheets come out
 * (resolutions, a blurred scan). Measured on the first few alone, the gap misses the sheets
 * unlike them and can be wider than other styles' sheets leave it: in a 2,000-ballot job mixing
 * 150, 200 and 300 dpi batches a style's gap was 134 cells so, 109 with the sampled sheets.
 */
function sheetsOf(made: { exemplars: GreyImage[]; sampled?: GreyImage[] }): GreyImage[] {
  const first = made.exemplars.slice(0, GAP_SHEETS);
  return [...first, ...(made.sampled ?? []).filter((page) => !first.includes(page))];
}

/** Each style's first exemplars that other styles' gaps are measured against. */
const GAP_SHEETS = 6;

/** How the log says what decided which way up a template lies. */
const WAY_UP: Record<CombinedExemplars['wayUp'], string> = {
  'contest order': 'upright by its contests’ order',
  text: 'upright by its text',
  exemplars: 'upright the way most of its exemplars lie (its print did not tell)',
  given: 'upright as given',
};

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
