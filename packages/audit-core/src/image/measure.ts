import { applyAffine, type Affine } from './affine.js';
import { INK_THRESHOLD, type GreyImage } from './grey.js';
import type { Offsets } from './shape.js';
import {
  areaSums,
  boxBound,
  cornerShare,
  place,
  transformedCorners,
  transformOffsets,
} from './shape-sums.js';
import type { TemplateTarget } from './targets.js';

export { transformOffsets };

/** Where a target was found on a page and how much of its inside is inked. */
export interface TargetMeasure {
  index: number;
  /** Centre on the page after local refinement. */
  x: number;
  y: number;
  /** Share of interior pixels that are ink, less the template's own. */
  fill: number;
}

function inkShare(page: GreyImage, offsets: Offsets, x: number, y: number): number {
  const { width, height, data } = page;
  const darkness = toneOf(page);
  let ink = 0;
  let dark = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const px = x + (offsets[i] ?? 0);
    const py = y + (offsets[i + 1] ?? 0);
    if (px < 0 || py < 0 || px >= width || py >= height) continue;
    const value = data[py * width + px] ?? 255;
    if (value < INK_THRESHOLD) ink += 1;
    if (darkness) dark += darkness[value] as number;
  }
  if (offsets.length === 0) return 0;
  const share = (ink * 2) / offsets.length;
  return darkness ? Math.max(share, (dark * 2) / offsets.length) : share;
}

/**
 * How dark each grey level is on a page that has greys, from 0 at its paper to 1 at its print
 * (`null` on a 1-bit page, where a pixel is ink or paper and the count past the ink threshold is
 * the whole story). On a greyscale or colour scan a faint pencil mark can be lighter than the
 * ink threshold everywhere, so that no pixel of it counts as ink; its mean darkness inside the
 * target still stands well above blank paper's. Levels within `PAPER_ALLOWANCE` of the paper
 * (sensor noise, paper grain) count as paper.
 */
export function toneOf(page: GreyImage): Float32Array | null {
  const known = tones.get(page);
  if (known !== undefined) return known;
  const made = pageTone(page);
  tones.set(page, made);
  return made;
}

const tones = new WeakMap<GreyImage, Float32Array | null>();

/** Share of the paper-to-print range next to the paper that still counts as paper. */
const PAPER_ALLOWANCE = 0.15;
/** Every this many pixels are sampled for the page's paper and print levels. */
const TONE_STEP = 31;

/**
 * The page's paper and print levels from a sample of its pixels: the paper the median (a ballot
 * is mostly paper), the print the median of the pixels darker than the ink threshold (text,
 * outlines, marks), and the darkness of each grey level between them.
 */
export function pageTone(page: GreyImage): Float32Array | null {
  const { data } = page;
  const counts = new Uint32Array(256);
  for (let i = 0; i < data.length; i += TONE_STEP) {
    const v = data[i] as number;
    counts[v] = (counts[v] as number) + 1;
  }
  let sampled = 0;
  for (let v = 0; v < 256; v += 1) sampled += counts[v] as number;
  if (sampled === 0 || sampled === (counts[0] as number) + (counts[255] as number)) return null;
  const level = (from: number, to: number, share: number): number => {
    let total = 0;
    for (let v = from; v < to; v += 1) total += counts[v] as number;
    let seen = 0;
    for (let v = from; v < to; v += 1) {
      seen += counts[v] as number;
      if (seen > total * share) return v;
    }
    return to - 1;
  };
  const paper = level(0, 256, 0.5);
  const print = level(0, INK_THRESHOLD, 0.5);
  const range = paper - print;
  // A page with no paper lighter than its ink threshold, or no print, has no scale to read on.
  if (paper < INK_THRESHOLD || range <= 0) return null;
  const clean = paper - PAPER_ALLOWANCE * range;
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v += 1)
    table[v] = v >= clean ? 0 : v <= print ? 1 : (clean - v) / (clean - print);
  return table;
}

/**
 * An arrow's fill: the longest run of its gap's columns (the template's, listed column by column
 * in `original`; `moved` the same pixels on the page) that hold ink anywhere in the band round
 * the axis, a break of one column bridged, as a share of the columns. A line joining tail and
 * head crosses them all, whatever the pen's width; a line that stops short crosses some; specks
 * (an erasure's leavings) a few each, apart.
 */
function crossedShare(
  page: GreyImage,
  original: Offsets,
  moved: Offsets,
  x: number,
  y: number,
): number {
  const { width, height, data } = page;
  let columns = 0;
  let best = 0;
  let run = 0;
  let missed = 0;
  const close = (isCrossed: boolean): void => {
    if (!isCrossed) {
      missed += 1;
      return;
    }
    run = run > 0 && missed <= 1 ? run + missed + 1 : 1;
    missed = 0;
    if (run > best) best = run;
  };
  let column = NaN;
  let isCrossed = false;
  for (let i = 0; i < original.length; i += 2) {
    if (original[i] !== column) {
      if (columns > 0) close(isCrossed);
      columns += 1;
      column = original[i] as number;
      isCrossed = false;
    }
    if (isCrossed) continue;
    const px = x + (moved[i] as number);
    const py = y + (moved[i + 1] as number);
    if (
      px >= 0 &&
      py >= 0 &&
      px < width &&
      py < height &&
      (data[py * width + px] as number) < INK_THRESHOLD
    )
      isCrossed = true;
  }
  if (columns > 0) close(isCrossed);
  return columns > 0 ? best / columns : 0;
}

/**
 * Moves the target's expected centre within a small window to where the printed outline fits
 * best (ink on the outline, paper just outside it); the score is the outline's ink share less
 * the ring's, near 1 for a printed outline found, near 0 on blank paper or solid ink. With
 * `keep`, a search just made for the target on the page through the same transform is not
 * made again (see `lastFound`).
 */
export function locateTarget(
  page: GreyImage,
  target: TemplateTarget,
  transform: Affine,
  window: number,
  keep = false,
): { x: number; y: number; score: number } {
  if (keep) {
    const last = lastFound.get(target);
    if (last && last.page === page && last.transform === transform && last.window === window)
      return last.found;
    const found = searchTarget(page, target, transform, window);
    lastFound.set(target, { page, transform, window, found });
    return found;
  }
  return searchTarget(page, target, transform, window);
}

/**
 * The last place found for each target with `keep`: registration looks for a few targets'
 * outlines to tell which way up a sheet lies, and reading then looks for the same targets on
 * the same page through the same transform. Pages being read are not changed.
 */
const lastFound = new WeakMap<
  TemplateTarget,
  {
    page: GreyImage;
    transform: Affine;
    window: number;
    found: { x: number; y: number; score: number };
  }
>();

function searchTarget(
  page: GreyImage,
  target: TemplateTarget,
  transform: Affine,
  window: number,
): { x: number; y: number; score: number } {
  const expected = applyAffine(transform, { x: Math.round(target.cx), y: Math.round(target.cy) });
  const ex = Math.round(expected.x);
  const ey = Math.round(expected.y);
  const outlineCorners = transformedCorners(target.shape.outline, transform);
  const ringCorners = transformedCorners(target.shape.ring, transform);
  const [outline, ring] = [outlineCorners, ringCorners];
  const area = areaSums(
    page,
    ex - window + Math.min(outline.minX, ring.minX),
    ey - window + Math.min(outline.minY, ring.minY),
    ex + window + Math.max(outline.maxX, ring.maxX),
    ey + window + Math.max(outline.maxY, ring.maxY),
  );
  const [outlineAt, ringAt] = [place(area, outlineCorners), place(area, ringCorners)];
  let bestX = ex;
  let bestY = ey;
  let bestScore = -Infinity;
  let bestFit = 0;
  // The best score is at least the expected place's. A fit is at most the outline's share
  // (the ring's is never negative) and that at most 1, so places whose bound falls short of
  // a score already seen cannot be the best and are not measured; the best, and which of
  // equal places wins, are as if every place were measured.
  let floor = cornerShare(area, outlineAt, ex, ey) - cornerShare(area, ringAt, ex, ey);
  // The ink in the outline's box bounds its share at a place in four lookups: where a page
  // does not show the target (another style's sheet, a sheet the other way up) most places
  // fall short of the floor on that bound alone.
  const box = boxBound(area, outline);
  // A first look at every third place raises that floor near the best before the full search.
  for (let dy = -window; window >= 4 && dy <= window; dy += 3) {
    for (let dx = -window; dx <= window; dx += 3) {
      const pull = 0.002 * (dx * dx + dy * dy);
      if (box(ex + dx, ey + dy) - pull < floor) continue;
      const inked = cornerShare(area, outlineAt, ex + dx, ey + dy);
      if (inked - pull < floor) continue;
      const score = inked - cornerShare(area, ringAt, ex + dx, ey + dy) - pull;
      if (score > floor) floor = score;
    }
  }
  for (let dy = -window; dy <= window; dy += 1) {
    for (let dx = -window; dx <= window; dx += 1) {
      // A small pull towards the expected place breaks ties on blank paper.
      const pull = 0.002 * (dx * dx + dy * dy);
      const x = ex + dx;
      const y = ey + dy;
      if (box(x, y) - pull < floor) continue;
      const inked = cornerShare(area, outlineAt, x, y);
      if (inked - pull < floor) continue;
      const fit = inked - cornerShare(area, ringAt, x, y);
      const score = fit - pull;
      if (score > floor) floor = score;
      if (score > bestScore) {
        bestX = x;
        bestY = y;
        bestScore = score;
        bestFit = fit;
      }
    }
  }
  return { x: bestX, y: bestY, score: bestFit };
}

/**
 * Finds the target near its expected place (see `locateTarget`), then measures the inside.
 * Matching the outline rather than the fill keeps a mark that spills over from pulling the
 * target with it.
 */
export function measureTarget(
  page: GreyImage,
  target: TemplateTarget,
  transform: Affine,
  window: number,
  keep = false,
): TargetMeasure {
  const best = locateTarget(page, target, transform, window, keep);
  const interior = transformOffsets(target.shape.interior, transform);
  const share =
    target.kind === 'arrow'
      ? crossedShare(page, target.shape.interior, interior, best.x, best.y)
      : inkShare(page, interior, best.x, best.y);
  const fill = share - target.templateInk;
  return { index: target.index, x: best.x, y: best.y, fill };
}
