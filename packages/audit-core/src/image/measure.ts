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
 * A shape as runs of neighbouring pixels along its rows, so that its ink is counted from row
 * prefix sums (two lookups a run) instead of pixel by pixel. A pixel listed twice (rounding in
 * `transformOffsets` can fold two template pixels onto one) gets a run of its own each time.
 */
interface Runs {
  pixels: number;
  dy: Int32Array;
  from: Int32Array;
  /** One past the run's last pixel. */
  to: Int32Array;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function runsOf(offsets: Offsets): Runs {
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
  const grid = new Uint8Array(w * (maxY - minY + 1));
  for (let i = 0; i < offsets.length; i += 2) {
    const cell = ((offsets[i + 1] as number) - minY) * w + (offsets[i] as number) - minX;
    grid[cell] = (grid[cell] as number) + 1;
  }
  const dy = new Int32Array(n);
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  let runs = 0;
  const extra: number[] = [];
  for (let y = minY; y <= maxY; y += 1) {
    const row = (y - minY) * w;
    let open = false;
    for (let x = 0; x < w; x += 1) {
      const count = grid[row + x] as number;
      if (count === 0) {
        open = false;
        continue;
      }
      // A pixel listed more than once adds a run of its own for each extra listing.
      for (let k = 1; k < count; k += 1) extra.push(y, x + minX);
      if (open) {
        to[runs - 1] = x + minX + 1;
        continue;
      }
      dy[runs] = y;
      from[runs] = x + minX;
      to[runs++] = x + minX + 1;
      open = true;
    }
  }
  for (let k = 0; k < extra.length; k += 2) {
    dy[runs] = extra[k] as number;
    from[runs] = extra[k + 1] as number;
    to[runs++] = (extra[k + 1] as number) + 1;
  }
  return {
    pixels: n,
    dy: dy.subarray(0, runs),
    from: from.subarray(0, runs),
    to: to.subarray(0, runs),
    minX,
    maxX,
    minY,
    maxY,
  };
}

/** Ink counts along each row of a page window, off-page pixels as paper. */
interface RowSums {
  x0: number;
  y0: number;
  stride: number;
  sums: Int32Array;
}

function rowSums(page: GreyImage, x0: number, y0: number, x1: number, y1: number): RowSums {
  const { width, height, data } = page;
  const stride = x1 - x0 + 2;
  const sums = new Int32Array(stride * (y1 - y0 + 1));
  for (let y = y0; y <= y1; y += 1) {
    const at = (y - y0) * stride;
    let count = 0;
    for (let x = x0; x <= x1; x += 1) {
      if (
        y >= 0 &&
        y < height &&
        x >= 0 &&
        x < width &&
        (data[y * width + x] as number) < INK_THRESHOLD
      )
        count += 1;
      sums[at + x - x0 + 1] = count;
    }
  }
  return { x0, y0, stride, sums };
}

/** Same as `inkShare` of the runs' pixels at (x, y), inside the window `rows` covers. */
function runShare(rows: RowSums, r: Runs, x: number, y: number): number {
  const { sums, stride } = rows;
  const bx = x - rows.x0;
  const by = y - rows.y0;
  let ink = 0;
  for (let k = 0; k < r.dy.length; k += 1) {
    const row = (by + (r.dy[k] as number)) * stride + bx;
    ink +=
      (sums[row + (r.to[k] as number)] as number) - (sums[row + (r.from[k] as number)] as number);
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
  const outline = runsOf(transformOffsets(target.shape.outline, transform));
  const ring = runsOf(transformOffsets(target.shape.ring, transform));
  const rows = rowSums(
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
  for (let dy = -window; dy <= window; dy += 1) {
    for (let dx = -window; dx <= window; dx += 1) {
      const x = ex + dx;
      const y = ey + dy;
      const fit = runShare(rows, outline, x, y) - runShare(rows, ring, x, y);
      // A small pull towards the expected place breaks ties on blank paper.
      const score = fit - 0.002 * (dx * dx + dy * dy);
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
