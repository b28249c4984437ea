import type { GreyImage } from './grey.js';
import { keepPageBlocks } from './paper-blocks.js';
import { registerPage } from './read.js';
import { anchorFits, hasTimingMarks } from './registration.js';
import type { Registration } from './register.js';
import type { Template } from './template.js';
import {
  differingCells,
  distinguishingCells,
  CELL_DIFFERENCE,
  pageThumbnail,
  thumbnail,
  thumbnailDistance,
  type Thumbnail,
} from './thumbnail.js';
import { findTimingMarks, type TimingMarks } from './timing.js';

export interface StyleMatch {
  template: Template;
  registration: Registration;
  marks: TimingMarks;
  /**
   * How far the page is from the style: against its sampled sheets, the count of clearly
   * different cells (over the style's gap to other styles' sheets where every style has one);
   * else the mean ink difference against the template where it differs from the runner-up.
   */
  distance: number;
  /** The runner-up's distance over the same cells, to judge how sure the match is. */
  runnerUp: number;
  /** Square inches of printing on the page with none near it on the chosen template. */
  unexplained: number;
}

/** Raised when even the nearest style leaves printing on the page that its template lacks. */
export class NoStyleFitsError extends Error {
  override name = 'NoStyleFitsError';
  constructor(
    message: string,
    readonly nearest: StyleMatch,
  ) {
    super(message);
  }
}

/**
 * More printing than this (square inches) where the template has none is another style's
 * contest, not a voter's stray mark or a reprint's shifted text (those leave a few hundredths).
 */
export const UNEXPLAINED_PRINTING = 0.3;

interface Candidate {
  template: Template;
  registration: Registration;
  ink: Thumbnail;
}

/**
 * Picks the style a page was printed from when nothing else says: register the page on each
 * template, then compare coarse ink maps in template coordinates, pair by pair, over only the
 * cells where the two templates differ. Styles that differ in a precinct name alone are told
 * apart by that name, and voters' marks elsewhere do not count.
 */
export function matchStyle(
  page: GreyImage,
  templates: Template[],
  marks: TimingMarks = findTimingMarks(page),
): StyleMatch {
  const candidates: Candidate[] = [];
  const reasons = new Set<string>();
  for (const template of templates) {
    try {
      const registration = registerPage(page, template, marks);
      candidates.push({
        template,
        registration,
        ink: pageThumbnail(page, registration.transform, template.image),
      });
    } catch (error) {
      // A template whose marks do not fit is simply not this page's style.
      reasons.add(withoutCounts(error instanceof Error ? error.message : String(error)));
    }
  }
  const [first, ...rest] = candidates;
  if (!first)
    throw new Error(
      `no ballot style matches the page: ${[...reasons].join('; ') || 'no template to lay it on'}`,
    );
  if (candidates.every((c) => (c.template.samples?.length ?? 0) > 0)) {
    // Against sheets of each style: the nearest sheet's count of clearly different cells. Where
    // every style knows the cells that tell its sheets from others' and how near others' come
    // (its fit, with a gap of several cells), the count is taken on those cells and over that gap: what its own sheets
    // share, away from voters' marks and from the text a blurred scan loses on one sheet and
    // keeps on the next. Counts on every cell were dominated by such cells, and a 150 dpi sheet
    // that lost much of its thin text was nearer another style's sheets than its own.
    // A gap of a few cells is a style whose front another style's sheets match (styles alike
    // on the front, differing on the back): counts over it are noise, and the counts on every
    // cell are taken, as before, for the back to settle the style where the record is absent.
    const relative = candidates.every((c) => (c.template.fit?.gap ?? 0) >= TELLING_GAP);
    const score = (c: Candidate): number => {
      const { samples = [], fit } = c.template;
      return relative && fit
        ? nearestSample(c.ink, samples, fit.cells) / Math.max(1, fit.gap)
        : nearestSample(c.ink, samples);
    };
    const scored = candidates.map((c) => ({ c, d: score(c) })).sort((a, b) => a.d - b.d);
    const [best, second] = scored;
    if (best)
      return checked({
        template: best.c.template,
        registration: best.c.registration,
        marks,
        distance: best.d,
        runnerUp: second?.d ?? Infinity,
        unexplained: unexplainedPrinting(best.c.ink, best.c.template),
      });
  }
  let best = first;
  let score = { distance: 0, runnerUp: Infinity };
  for (const other of rest) {
    const mask = distinguishingCells([best.template.thumbnail, other.template.thumbnail]);
    const mine = thumbnailDistance(best.ink, best.template.thumbnail, mask);
    const theirs = thumbnailDistance(other.ink, other.template.thumbnail, mask);
    if (theirs < mine) {
      best = other;
      score = { distance: theirs, runnerUp: mine };
    } else if (theirs - mine < score.runnerUp - score.distance) {
      score = { distance: mine, runnerUp: theirs };
    }
  }
  return checked({
    template: best.template,
    registration: best.registration,
    marks,
    ...score,
    unexplained: unexplainedPrinting(best.ink, best.template),
  });
}

/** A registration failure in words that sheets failing alike share (counted together). */
const withoutCounts = (message: string): string =>
  message
    .replace(/\s*\(\d+ of \d+ matched\)/, '')
    .replace(/: \d+ of \d+ targets found/, ': too few of its targets found');

function checked(match: StyleMatch): StyleMatch {
  if (match.unexplained > UNEXPLAINED_PRINTING)
    throw new NoStyleFitsError(
      `no ballot style fits the page: even the nearest, ${match.template.id}, lacks ${match.unexplained.toFixed(2)} sq in of the page's printing`,
      match,
    );
  return match;
}

/**
 * How much of the page's ink, laid on the template, has no ink of the template in or beside
 * its cell, away from the targets where voters mark: printing the template does not carry.
 * The neighbourhood forgives a reprint's text shifted by a pixel or two.
 */
export function unexplainedPrinting(ink: Thumbnail, template: Template): number {
  const own = template.thumbnail;
  const { width, height, step } = ink;
  if (own.width !== width || own.height !== height) return 0;
  const near = new Uint8Array(width * height);
  const margin = MARK_MARGIN * template.dpi;
  for (const t of template.targets) {
    const x0 = Math.max(0, Math.floor((t.x0 - margin) / step));
    const y0 = Math.max(0, Math.floor((t.y0 - margin) / step));
    const x1 = Math.min(width - 1, Math.floor((t.x0 + t.width + margin) / step));
    const y1 = Math.min(height - 1, Math.floor((t.y0 + t.height + margin) / step));
    for (let y = y0; y <= y1; y += 1) near.fill(1, y * width + x0, y * width + x1 + 1);
  }
  let cells = 0;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (near[i] || (ink.ink[i] as number) <= CELL_DIFFERENCE) continue;
      let printed = false;
      for (let dy = -1; dy <= 1 && !printed; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          if ((own.ink[ny * width + nx] as number) >= 0.05) {
            printed = true;
            break;
          }
        }
      if (!printed) cells += 1;
    }
  return (cells * step * step) / (template.dpi * template.dpi);
}

/** The count of clearly different cells to the nearest of `samples`. */
export function nearestSample(ink: Thumbnail, samples: Thumbnail[], mask?: Uint8Array): number {
  let best = Infinity;
  for (const sample of samples) best = Math.min(best, differingCells(ink, sample, best, mask));
  return best;
}

/** Sheets per style kept as ink maps in the template's frame, for telling styles apart. */
const SAMPLES = 6;
/**
 * Exemplars looked at to choose the samples from, at most: every one genstyles chooses for a
 * style (50), and a few that grouping moved there. Where a style has more, they are taken
 * spread over its list.
 */
const SAMPLE_CANDIDATES = 64;

/**
 * Ink maps of a style's exemplars, in its template's frame, chosen to span how its sheets come
 * out (see `chooseSamples`).
 */
export function styleSamples(template: Template, exemplars: GreyImage[]): Thumbnail[] {
  return chooseSamples(template, exemplars).samples;
}

/**
 * A style's samples and the exemplars they were taken from: the first that registers, then
 * each time the exemplar least like those chosen. One style's sheets differ by more than a
 * voter's marks: a 150 dpi scan blurred by a pixel and cut to 1 bit loses much of its thin
 * text, and a job can mix resolutions. Samples all taken from sharp sheets left such a sheet
 * nearer another style's blurred sample than its own. Every exemplar is a candidate, not the
 * first few: exemplars come least skewed first, and whether a style's first few hold a sheet of
 * each kind is chance (in a 2,000-ballot job whose batches mixed 150, 200 and 300 dpi, none of a
 * style's first 24 exemplars was a blurred 150 dpi sheet, and that style's blurred 150 dpi
 * sheets, 544-580 cells from its nearest sample against a gap of 353, were read on others).
 */
export function chooseSamples(
  template: Template,
  exemplars: GreyImage[],
): { samples: Thumbnail[]; pages: GreyImage[] } {
  const every = Math.max(1, Math.ceil(exemplars.length / SAMPLE_CANDIDATES));
  const maps: { map: Thumbnail; page: GreyImage }[] = [];
  for (let i = 0; i < exemplars.length; i += every) {
    const page = exemplars[i] as GreyImage;
    try {
      const { transform } = registerPage(page, template);
      maps.push({ map: thumbnail(page, transform, template.image), page });
    } catch {
      // An exemplar that does not register is no sample; combining rejected it too.
    }
  }
  const first = maps[0];
  if (!first) return { samples: [], pages: [] };
  const chosen = [first];
  // Each candidate's count of differing cells to the nearest sample chosen so far.
  const nearest = maps.map(({ map }) => differingCells(map, first.map));
  while (chosen.length < Math.min(SAMPLES, maps.length)) {
    let pick = -1;
    for (let i = 0; i < maps.length; i += 1)
      if (
        (nearest[i] as number) > 0 &&
        (pick < 0 || (nearest[i] as number) > (nearest[pick] as number))
      )
        pick = i;
    const next = maps[pick];
    if (!next) break;
    chosen.push(next);
    maps.forEach(({ map }, i) => {
      nearest[i] = Math.min(
        nearest[i] as number,
        map === next.map ? 0 : differingCells(map, next.map),
      );
    });
  }
  return { samples: chosen.map((c) => c.map), pages: chosen.map((c) => c.page) };
}

/** Around each target, voters' marks (checks and crosses spill over) are left out of a fit. */
const MARK_MARGIN = 0.15;

/** How a page of a style is told from other styles' pages with one look (see `fitsStyle`). */
export interface StyleFit {
  /** The fewest cells in which another style's sheet differs clearly from the samples. */
  gap: number;
  /**
   * The cells that can tell: where the samples or other styles' sheets carry ink (and their
   * neighbours, for registration's slack), away from the targets where voters mark.
   */
  cells: Uint8Array;
}

/**
 * Lays other styles' sheets on a template and measures how near they come to its samples. Cells
 * where neither the samples nor those sheets carry ink cannot differ between them, so leaving
 * them out changes no distance to another style while sparing a page's blank paper from the
 * count. Undefined when no other sheet registers on the template (nothing to tell it from).
 */
export function styleFit(template: Template, others: GreyImage[]): StyleFit | undefined {
  const samples = template.samples ?? [];
  const first = samples[0];
  if (!first) return undefined;
  const { width, height, step } = first;
  const maps: Thumbnail[] = [];
  const unregistered: GreyImage[] = [];
  for (const page of others) {
    try {
      maps.push(thumbnail(page, registerPage(page, template).transform, template.image));
    } catch {
      // A sheet that does not register on this template cannot be taken for its style.
      unregistered.push(page);
    }
  }
  // No other style's sheet registers (their targets lie elsewhere: two columns against three):
  // laid on by their corner marks or frame alone, each way up, they still say how far other
  // print comes from this style's. Without a fit every sheet of the style was laid on every
  // other style and matched against all of them, its own fit never sure.
  if (maps.length === 0)
    for (const page of unregistered)
      for (const t of anchorFits(template, page)) maps.push(thumbnail(page, t, template.image));
  if (maps.length === 0) return undefined;
  const inked = new Uint8Array(width * height);
  for (const map of [...samples, ...maps])
    map.ink.forEach((v, i) => {
      if (v > CELL_DIFFERENCE) inked[i] = 1;
    });
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      for (let dy = -1; dy <= 1 && !cells[y * width + x]; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && inked[ny * width + nx]) {
            cells[y * width + x] = 1;
            break;
          }
        }
  const margin = MARK_MARGIN * template.dpi;
  for (const t of template.targets) {
    const x0 = Math.max(0, Math.floor((t.x0 - margin) / step));
    const y0 = Math.max(0, Math.floor((t.y0 - margin) / step));
    const x1 = Math.min(width - 1, Math.floor((t.x0 + t.width + margin) / step));
    const y1 = Math.min(height - 1, Math.floor((t.y0 + t.height + margin) / step));
    for (let y = y0; y <= y1; y += 1) cells.fill(0, y * width + x0, y * width + x1 + 1);
  }
  // Where the style's own sheets differ, the ink is the paper's, not the style's: a serial
  // printed on each sheet, a voter's stray line. Such cells would set one sheet apart from
  // its own style as far as from another style.
  for (let i = 0; i < cells.length; i += 1) {
    if (!cells[i]) continue;
    let low = Infinity;
    let high = -Infinity;
    for (const sample of samples) {
      const v = sample.ink[i] as number;
      if (v < low) low = v;
      if (v > high) high = v;
    }
    if (high - low > CELL_DIFFERENCE) cells[i] = 0;
  }
  const gap = Math.min(...maps.map((map) => nearestSample(map, samples, cells)));
  return { gap, cells };
}

/** A style's gap under this many cells cannot tell its fronts from another style's. */
const TELLING_GAP = 8;

/** A page this many times nearer to its style's samples than the style gap is surely of it. */
const SURE_FIT = 1.5;

/**
 * Registers a page on the style its record names and tells whether it surely is of that style:
 * nearer its samples than other styles' sheets come by a clear margin. Then no other style
 * need be tried; otherwise the caller matches the page against every style.
 */
export function fitsStyle(
  page: GreyImage,
  template: Template,
  marks: TimingMarks = findTimingMarks(page),
): { registration: Registration; marks: TimingMarks; distance: number; sure: boolean } | undefined {
  const { samples, fit } = template;
  if (!samples?.length || !fit) return undefined;
  // Its ink map is taken below: the blocks it counts are counted first, with the quarter-size
  // page that corner marks or a frame are looked for on.
  keepPageBlocks(page, !hasTimingMarks(template.marks));
  let registration: Registration;
  try {
    registration = registerPage(page, template, marks);
  } catch {
    return undefined;
  }
  const ink = pageThumbnail(page, registration.transform, template.image, fit.cells);
  const distance = nearestSample(ink, samples, fit.cells);
  return { registration, marks, distance, sure: distance * SURE_FIT <= fit.gap };
}
