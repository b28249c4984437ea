import { applyAffine, type Affine } from './affine.js';
import { INK_THRESHOLD, type GreyImage } from './grey.js';
import type { Offsets } from './shape.js';
import type { TemplateTarget } from './targets.js';

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
  let ink = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const px = x + (offsets[i] ?? 0);
    const py = y + (offsets[i + 1] ?? 0);
    if (px < 0 || py < 0 || px >= width || py >= height) continue;
    if ((data[py * width + px] ?? 255) < INK_THRESHOLD) ink += 1;
  }
  return offsets.length > 0 ? (ink * 2) / offsets.length : 0;
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
 * A shape as rectangles of rows, so that its ink is counted from a summed-area table (four
 * lookups a rectangle) instead of pixel by pixel: each row's runs of neighbouring pixels, and
 * runs that repeat row after row (a box's sides, an oval's flanks) joined into one rectangle.
 * A pixel listed twice (rounding in `transformOffsets` can fold two template pixels onto one)
 * gets a rectangle of its own each time, so counts are those of the listed pixels.
 */
interface Rects {
  pixels: number;
  /** First and last row (offsets from the centre), and columns `from` to one before `to`. */
  top: Int32Array;
  bottom: Int32Array;
  from: Int32Array;
  to: Int32Array;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Scratch space reused across calls (measuring is synchronous), grown as shapes need. */
let gridScratch = new Uint8Array(0);
let rectScratch = new Int32Array(0);
const above: number[] = [];
const here: number[] = [];

function rectsOf(offsets: Offsets): Rects {
  const n = offsets.length / 2;
  let minX = 0;
  let maxX = 0;
  let minY = 0;
  let maxY = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const x = offsets[i] as number;
    const y = offsets[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  // Each pixel counted on a small grid, then read back row by row as runs.
  const w = maxX - minX + 1;
  const cells = w * (maxY - minY + 1);
  if (gridScratch.length < cells) gridScratch = new Uint8Array(cells);
  const grid = gridScratch;
  grid.fill(0, 0, cells);
  for (let i = 0; i < offsets.length; i += 2) {
    const cell = ((offsets[i + 1] as number) - minY) * w + (offsets[i] as number) - minX;
    grid[cell] = (grid[cell] as number) + 1;
  }
  if (rectScratch.length < 4 * n) rectScratch = new Int32Array(4 * n);
  const top = rectScratch.subarray(0, n);
  const bottom = rectScratch.subarray(n, 2 * n);
  const from = rectScratch.subarray(2 * n, 3 * n);
  const to = rectScratch.subarray(3 * n, 4 * n);
  let rects = 0;
  const extra: number[] = [];
  // The runs of the row above, left to right, as (from, to, rectangle) triples: a run of the
  // same columns on this row extends that rectangle down.
  above.length = 0;
  here.length = 0;
  let next = 0;
  const add = (y: number, x0: number, x1: number): void => {
    while (next < above.length && (above[next] as number) < x0) next += 3;
    if (next < above.length && above[next] === x0 && above[next + 1] === x1) {
      const open = above[next + 2] as number;
      bottom[open] = y;
      here.push(x0, x1, open);
      return;
    }
    top[rects] = y;
    bottom[rects] = y;
    from[rects] = x0;
    to[rects] = x1;
    here.push(x0, x1, rects++);
  };
  for (let y = minY; y <= maxY; y += 1) {
    const row = (y - minY) * w;
    let start = -1;
    next = 0;
    for (let x = 0; x <= w; x += 1) {
      const count = x < w ? (grid[row + x] as number) : 0;
      if (count === 0) {
        if (start >= 0) add(y, start + minX, x + minX);
        start = -1;
        continue;
      }
      // A pixel listed more than once adds a rectangle of its own for each extra listing.
      for (let k = 1; k < count; k += 1) extra.push(y, x + minX);
      if (start < 0) start = x;
    }
    above.length = 0;
    for (const v of here) above.push(v);
    here.length = 0;
  }
  for (let k = 0; k < extra.length; k += 2) {
    top[rects] = extra[k] as number;
    bottom[rects] = extra[k] as number;
    from[rects] = extra[k + 1] as number;
    to[rects++] = (extra[k + 1] as number) + 1;
  }
  // One array for the four columns the caller keeps; the scratch is reused by the next shape.
  const kept = new Int32Array(4 * rects);
  kept.set(top.subarray(0, rects), 0);
  kept.set(bottom.subarray(0, rects), rects);
  kept.set(from.subarray(0, rects), 2 * rects);
  kept.set(to.subarray(0, rects), 3 * rects);
  return {
    pixels: n,
    top: kept.subarray(0, rects),
    bottom: kept.subarray(rects, 2 * rects),
    from: kept.subarray(2 * rects, 3 * rects),
    to: kept.subarray(3 * rects, 4 * rects),
    minX,
    maxX,
    minY,
    maxY,
  };
}

/** Ink counts over a page window, summed along rows and down columns (off-page as paper). */
interface AreaSums {
  x0: number;
  y0: number;
  stride: number;
  /** Row r + 1, column c + 1: the ink in the window's rows 0..r and columns 0..c. */
  sums: Int32Array;
}

/** The table `areaSums` fills, reused: it is read before the next is made. */
let areaScratch = new Int32Array(0);

function areaSums(page: GreyImage, x0: number, y0: number, x1: number, y1: number): AreaSums {
  const { width, height, data } = page;
  const stride = x1 - x0 + 2;
  const size = stride * (y1 - y0 + 2);
  if (areaScratch.length < size) areaScratch = new Int32Array(size);
  const sums = areaScratch;
  sums.fill(0, 0, stride);
  for (let y = y0; y <= y1; y += 1) {
    const at = (y - y0 + 1) * stride;
    sums[at] = 0;
    const up = at - stride;
    let count = 0;
    const inside = y >= 0 && y < height;
    const row = y * width;
    for (let x = x0; x <= x1; x += 1) {
      if (inside && x >= 0 && x < width && (data[row + x] as number) < INK_THRESHOLD) count += 1;
      const c = x - x0 + 1;
      sums[at + c] = (sums[up + c] as number) + count;
    }
  }
  return { x0, y0, stride, sums };
}

/** The share of the shape's listed pixels that are ink with its centre at (x, y). */
function rectShare(area: AreaSums, r: Rects, x: number, y: number): number {
  const { sums, stride } = area;
  const bx = x - area.x0;
  const by = y - area.y0;
  let ink = 0;
  for (let k = 0; k < r.top.length; k += 1) {
    const lower = (by + (r.bottom[k] as number) + 1) * stride + bx;
    const upper = (by + (r.top[k] as number)) * stride + bx;
    const left = r.from[k] as number;
    const right = r.to[k] as number;
    ink +=
      (sums[lower + right] as number) -
      (sums[lower + left] as number) -
      (sums[upper + right] as number) +
      (sums[upper + left] as number);
  }
  return r.pixels > 0 ? ink / r.pixels : 0;
}

/**
 * Carries a target's pixel offsets through the linear part of the page transform, so that a
 * page scanned at another resolution, or skewed, is sampled where the template's pixels fall.
 */
export function transformOffsets(offsets: Offsets, t: Affine): Offsets {
  const out = new Int16Array(offsets.length);
  for (let i = 0; i < offsets.length; i += 2) {
    const x = offsets[i] ?? 0;
    const y = offsets[i + 1] ?? 0;
    out[i] = Math.round(t.a * x + t.b * y);
    out[i + 1] = Math.round(t.d * x + t.e * y);
  }
  return out;
}

/**
 * Moves the target's expected centre within a small window to where the printed outline fits
 * best (ink on the outline, paper just outside it); the score is the outline's ink share less
 * the ring's, near 1 for a printed outline found, near 0 on blank paper or solid ink.
 */
export function locateTarget(
  page: GreyImage,
  target: TemplateTarget,
  transform: Affine,
  window: number,
): { x: number; y: number; score: number } {
  const expected = applyAffine(transform, { x: Math.round(target.cx), y: Math.round(target.cy) });
  const ex = Math.round(expected.x);
  const ey = Math.round(expected.y);
  const outline = rectsOf(transformOffsets(target.shape.outline, transform));
  const ring = rectsOf(transformOffsets(target.shape.ring, transform));
  const area = areaSums(
    page,
    ex - window + Math.min(outline.minX, ring.minX),
    ey - window + Math.min(outline.minY, ring.minY),
    ex + window + Math.max(outline.maxX, ring.maxX),
    ey + window + Math.max(outline.maxY, ring.maxY),
  );
  let bestX = ex;
  let bestY = ey;
  let bestScore = -Infinity;
  let bestFit = 0;
  // The best score is at least the expected place's. A fit is at most the outline's share
  // (the ring's is never negative) and that at most 1, so places whose bound falls short of
  // a score already seen cannot be the best and are not measured; the best, and which of
  // equal places wins, are as if every place were measured.
  let floor = rectShare(area, outline, ex, ey) - rectShare(area, ring, ex, ey);
  // A first look at every third place raises that floor near the best before the full search.
  for (let dy = -window; window >= 4 && dy <= window; dy += 3) {
    for (let dx = -window; dx <= window; dx += 3) {
      const pull = 0.002 * (dx * dx + dy * dy);
      if (1 - pull < floor) continue;
      const inked = rectShare(area, outline, ex + dx, ey + dy);
      if (inked - pull < floor) continue;
      const score = inked - rectShare(area, ring, ex + dx, ey + dy) - pull;
      if (score > floor) floor = score;
    }
  }
  for (let dy = -window; dy <= window; dy += 1) {
    for (let dx = -window; dx <= window; dx += 1) {
      // A small pull towards the expected place breaks ties on blank paper.
      const pull = 0.002 * (dx * dx + dy * dy);
      if (1 - pull < floor) continue;
      const x = ex + dx;
      const y = ey + dy;
      const inked = rectShare(area, outline, x, y);
      if (inked - pull < floor) continue;
      const fit = inked - rectShare(area, ring, x, y);
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
): TargetMeasure {
  const best = locateTarget(page, target, transform, window);
  const interior = transformOffsets(target.shape.interior, transform);
  const share =
    target.kind === 'arrow'
      ? crossedShare(page, target.shape.interior, interior, best.x, best.y)
      : inkShare(page, interior, best.x, best.y);
  const fill = share - target.templateInk;
  return { index: target.index, x: best.x, y: best.y, fill };
}
