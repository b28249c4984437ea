import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import {
  buildTemplate,
  encodeBilevelTiff,
  encodeGreyTiff,
  encodePng,
  loadPage,
  planBallot,
  StylePrinter,
  styleSides,
  type BallotPlan,
  type GreyImage,
  type ScanOptions,
  type SynthElection,
  type Template,
} from '../../src/index.js';
import { styleFit, styleSamples } from '../../src/image/match.js';
import {
  frontLie,
  readSides,
  settleStyle,
  type SheetSetting,
} from '../../src/stages/extract-sheet.js';
import { settleGrayBands, type TargetRow } from '../../src/stages/gray-bands.js';
import { alikeStyles } from '../../src/stages/style-evidence.js';

/** How a batch of sheets came out of a county's scanner, beside the family's usual scans. */
export interface Variation {
  name: string;
  dpi?: number;
  scan?: ScanOptions;
  /** Share of chosen options marked so lightly that a 1-bit scanner keeps little of the ink. */
  faint?: number;
  /** The sheet's scanned sides as the county's files hold them, decoded again. */
  files?: (pages: GreyImage[], dpi: number) => Promise<GreyImage[]>;
}

/** Each side's template, built from its blank print as a county's sample ballot gives it. */
export async function templatesOf(election: SynthElection, dpi: number) {
  const printer = new StylePrinter(election, dpi);
  const fronts: Template[] = [];
  const later = new Map<string, Template[]>();
  for (const style of election.styles) {
    const sides = styleSides(election, style.id);
    for (let side = 1; side <= sides.length; side += 1) {
      const { layout, blank } = await printer.style(style.id, side);
      const ids = new Set(layout.targets.map((t) => t.contestId));
      const template = buildTemplate(blank, {
        id: side === 1 ? style.id : `${style.id}~${side}`,
        meanings: layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId })),
        contests: election.contests
          .filter((c) => ids.has(c.id))
          .map((c) => ({ id: c.id, voteFor: c.voteFor })),
      });
      if (side === 1) fronts.push(template);
      else
        later.set(style.id, [
          ...(later.get(style.id) ?? []),
          { ...template, sideOf: { style: style.id, side } },
        ]);
    }
  }
  // As gentemplates does: a few sheets of each style as samples, and each style's gap to the
  // others' sheets, which tells styles that print one layout (their images cannot tell them).
  const sheets = new Map<string, GreyImage[]>();
  for (let i = 0; sheets.size < election.styles.length && i < 500; i += 1) {
    const plan = planBallot(election, 10_000 + i);
    if (sheets.has(plan.styleId)) continue;
    const blank = {
      ...plan,
      targets: plan.targets.map((t) => ({ ...t, kind: 'none' as const, isIntended: false })),
    };
    const scans: GreyImage[] = [];
    for (let n = 0; n < 3; n += 1) scans.push((await printer.ballot(blank, {}, n)).image);
    sheets.set(plan.styleId, scans);
  }
  for (const t of fronts) t.samples = styleSamples(t, sheets.get(t.id) ?? []);
  for (const t of fronts) {
    const others = [...sheets].filter(([id]) => id !== t.id).flatMap(([, pages]) => pages);
    const fit = styleFit(t, others);
    if (fit) t.fit = fit;
  }
  return { fronts, later };
}

/** One sheet's reading against its truth. */
export interface SheetOutcome {
  id: string;
  /** Why the sheet was not read, or undefined when every side was. */
  unread?: string;
  /** Targets read the wrong way without a gray flag. */
  wrong: string[];
  right: number;
  gray: number;
}

/**
 * Reads `count` generated sheets as extractvote reads a batch: each front settles its style
 * (the record's first, the back to confirm an image that overrules it), every side is read on
 * that style's templates, and the batch's gray bands are set from its own targets per style.
 * Sheet i comes as `variations[i mod n]` brings it: a county's batch from mixed scanners.
 */
export async function readUnder(
  election: SynthElection,
  variations: Variation[],
  count: number,
): Promise<(SheetOutcome & { variation: string })[]> {
  const settings = new Map<number, SheetSetting>();
  const printers = new Map<number, StylePrinter>();
  const outcomes: (SheetOutcome & { variation: string })[] = [];
  const rows: TargetRow[] = [];
  const truthOf = new Map<string, BallotPlan>();
  for (let i = 0; i < count; i += 1) {
    const variation = variations[i % variations.length] as Variation;
    const dpi = variation.dpi ?? 200;
    let setting = settings.get(dpi);
    if (!setting) {
      const { fronts, later } = await templatesOf(election, dpi);
      setting = {
        templates: fronts,
        byId: new Map(fronts.map((t) => [t.id, t])),
        laterSides: later,
        alike: alikeStyles(),
        read: {},
      };
      settings.set(dpi, setting);
    }
    const printer = printers.get(dpi) ?? new StylePrinter(election, dpi);
    printers.set(dpi, printer);
    const plan = planBallot(election, i, { faintMarks: variation.faint ?? 0 });
    truthOf.set(plan.id, plan);
    const ballot = await printer.ballot(plan, variation.scan);
    const pages = variation.files ? await variation.files(ballot.pages, dpi) : ballot.pages;
    const outcome: SheetOutcome & { variation: string } = {
      id: plan.id,
      variation: variation.name,
      wrong: [],
      right: 0,
      gray: 0,
    };
    outcomes.push(outcome);
    try {
      const [first, ...backs] = pages as [GreyImage, ...GreyImage[]];
      // The sides as one lossless TIFF, as a sheet's sides reach extractvote.
      const bytes = await encodeGreyTiff(first, ...backs);
      const label = `${plan.id}.tif`;
      // Decoded as extractvote decodes it: a sheet fed sideways turned to lie as its style.
      const front = await loadPage(bytes, { label, upright: frontLie(setting, plan.styleId) });
      const settled = await settleStyle(
        bytes,
        front,
        plan.styleId,
        { untrusted: false, label },
        setting,
      );
      const sides = await readSides(bytes, settled, label, setting);
      const read = sides.reduce((n, s) => n + s.reading.targets.length, 0);
      if (read !== plan.targets.length) outcome.wrong.push(`read on ${settled.used.id}`);
      for (const side of sides)
        for (const t of side.reading.targets)
          rows.push({
            sheet_id: plan.id,
            // Bands are a batch's per style (and resolution: a county scans a batch at one).
            style: `${side.template.id}@${dpi}`,
            option_id: t.optionId,
            contest_id: t.contestId,
            above: t.fill - side.reading.baseline,
            decision: t.decision,
          });
    } catch (error) {
      outcome.unread = error instanceof Error ? error.message : String(error);
    }
  }
  settleGrayBands(rows, [], []);
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  for (const row of rows) {
    const outcome = byId.get(row.sheet_id) as SheetOutcome;
    const meant = truthOf
      .get(row.sheet_id)
      ?.targets.find((t) => t.contestId === row.contest_id && t.optionId === row.option_id);
    const key = `${row.contest_id}/${row.option_id}`;
    if (row.decision === 'gray') outcome.gray += 1;
    else if (meant && (row.decision === 'vote') === meant.isIntended) outcome.right += 1;
    else
      outcome.wrong.push(
        `${key} ${meant?.kind ?? 'not on this style'} read ${row.decision} (${row.above.toFixed(3)} above blank)`,
      );
  }
  return outcomes;
}

/** A page as an RGB image on tinted paper with dark blue ink, as colour scanners write them. */
async function colourOf(page: GreyImage, format: 'jpeg' | 'png'): Promise<Buffer> {
  const paper = [248, 236, 214];
  const ink = [22, 30, 70];
  const rgb = Buffer.alloc(page.width * page.height * 3);
  for (let i = 0; i < page.data.length; i += 1) {
    const v = (page.data[i] as number) / 255;
    for (let c = 0; c < 3; c += 1)
      rgb[i * 3 + c] = Math.round(
        (ink[c] as number) + ((paper[c] as number) - (ink[c] as number)) * v,
      );
  }
  const image = sharp(rgb, { raw: { width: page.width, height: page.height, channels: 3 } });
  return (format === 'jpeg' ? image.jpeg({ quality: 75 }) : image.png()).toBuffer();
}

/** A page turned 180°, as a sheet fed upside down is scanned. */
export const turned = (page: GreyImage): GreyImage => ({
  ...page,
  data: page.data.slice().reverse(),
});

/** A page turned a quarter clockwise, as a portrait ballot scanned in landscape. */
export const quarterTurned = (page: GreyImage): GreyImage => {
  const { width, height, data } = page;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      out[x * height + (height - 1 - y)] = data[y * width + x] as number;
  return { width: height, height: width, data: out };
};

/**
 * A sheet fed sideways: its front turned a quarter clockwise (90°) or anticlockwise (270°), its
 * back the other way, as the two sides of one sheet turned on the feeder show.
 */
export const sideways =
  (front: 90 | 270) =>
  (pages: GreyImage[]): Promise<GreyImage[]> =>
    Promise.resolve(
      pages.map((page, i) => {
        const quarter = quarterTurned(page);
        return (front === 90) === (i % 2 === 0) ? quarter : turned(quarter);
      }),
    );

/** Each side as a page of one PDF at the scan's resolution, as ES&S writes ballot images. */
async function pdfPages(pages: GreyImage[], dpi: number): Promise<GreyImage[]> {
  const doc = await PDFDocument.create();
  for (const page of pages) {
    const png = await doc.embedPng(await encodePng(page));
    const size = { width: (page.width * 72) / dpi, height: (page.height * 72) / dpi };
    doc.addPage([size.width, size.height]).drawImage(png, { x: 0, y: 0, ...size });
  }
  const bytes = Buffer.from(await doc.save());
  return Promise.all(pages.map((_, i) => loadPage(bytes, { page: i })));
}

const isBilevel = (page: GreyImage): boolean => page.data.every((v) => v === 0 || v === 255);

/** The variations real scans bring, each a batch of its own. */
export const VARIATIONS: Variation[] = [
  { name: 'as the family scans, 200 dpi' },
  { name: '150 dpi', dpi: 150 },
  { name: '300 dpi', dpi: 300 },
  { name: '1-bit scan', scan: { scanner: 'bilevel' } },
  { name: 'greyscale scan', scan: { scanner: 'grey' } },
  {
    name: 'colour JPEG',
    scan: { scanner: 'grey' },
    files: (pages) => Promise.all(pages.map(async (p) => loadPage(await colourOf(p, 'jpeg')))),
  },
  {
    name: 'colour PNG',
    files: (pages) => Promise.all(pages.map(async (p) => loadPage(await colourOf(p, 'png')))),
  },
  {
    name: 'greyscale JPEG',
    scan: { scanner: 'grey' },
    files: (pages) =>
      Promise.all(
        pages.map(async (p) =>
          loadPage(
            await sharp(p.data, { raw: { width: p.width, height: p.height, channels: 1 } })
              .jpeg({ quality: 75 })
              .toBuffer(),
          ),
        ),
      ),
  },
  { name: 'turned 180°', files: (pages) => Promise.resolve(pages.map(turned)) },
  { name: 'fed sideways, turned 90°', files: sideways(90) },
  { name: 'fed sideways, turned 270°', files: sideways(270) },
  { name: 'skewed 2°, 2% larger', scan: { rotation: 2, scale: 1.02 } },
  { name: 'skewed −2°, 2% smaller', scan: { rotation: -2, scale: 0.98 } },
  { name: 'PDF pages', files: pdfPages },
  {
    name: 'multi-page TIFF',
    files: async (pages) => {
      const [first, ...rest] = pages as [GreyImage, ...GreyImage[]];
      const tiff = pages.every(isBilevel)
        ? await encodeBilevelTiff(first, ...rest)
        : await encodeGreyTiff(first, ...rest);
      return Promise.all(pages.map((_, i) => loadPage(tiff, { page: i })));
    },
  },
  { name: 'light marks as a 1-bit scanner leaves them', faint: 0.3, scan: { scanner: 'bilevel' } },
];
