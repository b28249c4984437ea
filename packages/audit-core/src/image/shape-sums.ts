// A shape's ink at a place in a few lookups: the page window summed along rows and down columns,
// and the shape's pixels as the corners of that table where their count changes.
import type { Affine } from './affine.js';
import { INK_THRESHOLD, type GreyImage } from './grey.js';
import type { Offsets } from './shape.js';

/**
 * A shape as weighted corners of a summed-area table, so that its ink is counted with one lookup
 * a corner instead of pixel by pixel. The pixels' counts on a small grid, differenced along
 * rows and down columns, are zero but at the corners of the shape's outline; the ink under the
 * shape is the sum of the table at those corners times their weights. A pixel listed twice
 * (rounding in `transformOffsets` can fold two template pixels onto one) counts twice, so counts
 * are those of the listed pixels.
 */
export interface Corners {
  pixels: number;
  /** Each corner's offset from the centre, in table rows and columns, and its weight. */
  dy: Int32Array;
  dx: Int32Array;
  weight: Int32Array;
  /** The most offsets that fall on one pixel (a shape carried to a coarser page doubles some). */
  most: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Scratch space reused across calls (measuring is synchronous), grown as shapes need. */
let gridScratch = new Int32Array(0);
let cornerScratch = new Int32Array(0);

export function cornersOf(offsets: Offsets): Corners {
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
  // Each pixel counted on a grid with a border of one empty row and column all round.
  const w = maxX - minX + 3;
  const h = maxY - minY + 3;
  const cells = w * h;
  if (gridScratch.length < cells) gridScratch = new Int32Array(cells);
  const grid = gridScratch;
  grid.fill(0, 0, cells);
  let most = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const cell = ((offsets[i + 1] as number) - minY + 1) * w + (offsets[i] as number) - minX + 1;
    const count = (grid[cell] as number) + 1;
    grid[cell] = count;
    if (count > most) most = count;
  }
  // The table's entry before row r and column c of the shape takes the weight
  // G[r−1][c−1] − G[r][c−1] − G[r−1][c] + G[r][c], for r and c from 0 to the shape's size.
  if (cornerScratch.length < 3 * cells) cornerScratch = new Int32Array(3 * cells);
  let count = 0;
  for (let r = 0; r <= maxY - minY + 1; r += 1) {
    const row = (r + 1) * w;
    const up = r * w;
    for (let c = 0; c <= maxX - minX + 1; c += 1) {
      const weight =
        (grid[up + c] as number) -
        (grid[row + c] as number) -
        (grid[up + c + 1] as number) +
        (grid[row + c + 1] as number);
      if (weight === 0) continue;
      cornerScratch[count] = r + minY;
      cornerScratch[cells + count] = c + minX;
      cornerScratch[2 * cells + count] = weight;
      count += 1;
    }
  }
  return {
    pixels: n,
    most,
    dy: cornerScratch.slice(0, count),
    dx: cornerScratch.slice(cells, cells + count),
    weight: cornerScratch.slice(2 * cells, 2 * cells + count),
    minX,
    maxX,
    minY,
    maxY,
  };
}

/** Ink counts over a page window, summed along rows and down columns (off-page as paper). */
export interface AreaSums {
  x0: number;
  y0: number;
  stride: number;
  /** Row r + 1, column c + 1: the ink in the window's rows 0..r and columns 0..c. */
  sums: Int32Array;
}

/** The table `areaSums` fills, reused: it is read before the next is made. */
let areaScratch = new Int32Array(0);

export function areaSums(
  page: GreyImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): AreaSums {
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
    if (inside && x0 >= 0 && x1 < width && INK_THRESHOLD === 128) {
      // A whole row on the page: a byte under 128 (ink) has its high bit clear.
      for (let x = x0, c = 1; x <= x1; x += 1, c += 1) {
        count += ((data[row + x] as number) >> 7) ^ 1;
        sums[at + c] = (sums[up + c] as number) + count;
      }
      continue;
    }
    for (let x = x0; x <= x1; x += 1) {
      if (inside && x >= 0 && x < width && (data[row + x] as number) < INK_THRESHOLD) count += 1;
      const c = x - x0 + 1;
      sums[at + c] = (sums[up + c] as number) + count;
    }
  }
  return { x0, y0, stride, sums };
}

/**
 * A shape's corners as places in one table, each its index from the centre's: those of weight 1
 * and −1 (nearly all) in lists of their own, so that most corners cost one lookup and no product.
 */
export interface Placed {
  pixels: number;
  plus: Int32Array;
  minus: Int32Array;
  other: Int32Array;
  otherWeight: Int32Array;
}

/** Each shape's corners as last placed, by the table's row length: searches repeat it. */
const lastPlaced = new WeakMap<Corners, { stride: number; placed: Placed }>();

export function place(area: AreaSums, c: Corners): Placed {
  const last = lastPlaced.get(c);
  if (last?.stride === area.stride) return last.placed;
  const placed = placeAnew(area, c);
  lastPlaced.set(c, { stride: area.stride, placed });
  return placed;
}

function placeAnew(area: AreaSums, c: Corners): Placed {
  let ones = 0;
  let minusOnes = 0;
  for (let k = 0; k < c.weight.length; k += 1) {
    if (c.weight[k] === 1) ones += 1;
    else if (c.weight[k] === -1) minusOnes += 1;
  }
  const plus = new Int32Array(ones);
  const minus = new Int32Array(minusOnes);
  const other = new Int32Array(c.weight.length - plus.length - minus.length);
  const otherWeight = new Int32Array(other.length);
  for (let k = 0, p = 0, m = 0, o = 0; k < c.weight.length; k += 1) {
    const at = (c.dy[k] as number) * area.stride + (c.dx[k] as number);
    const weight = c.weight[k] as number;
    if (weight === 1) plus[p++] = at;
    else if (weight === -1) minus[m++] = at;
    else {
      other[o] = at;
      otherWeight[o++] = weight;
    }
  }
  return { pixels: c.pixels, plus, minus, other, otherWeight };
}

/**
 * An upper bound of `cornerShare` for a shape at (x, y): the ink in its bounding box over its
 * pixels (never above 1), every pixel of the shape lying in the box, each at most `most` times.
 */
export function boxBound(area: AreaSums, c: Corners): (x: number, y: number) => number {
  const { sums, stride } = area;
  // Table entries before the box's first row and column and after its last.
  const [top, bottom] = [c.minY * stride, (c.maxY + 1) * stride];
  const [left, right] = [c.minX, c.maxX + 1];
  const pixels = c.pixels / c.most;
  return (x, y) => {
    if (pixels === 0) return 0;
    const base = (y - area.y0) * stride + x - area.x0;
    const ink =
      (sums[base + bottom + right] as number) -
      (sums[base + top + right] as number) -
      (sums[base + bottom + left] as number) +
      (sums[base + top + left] as number);
    return Math.min(1, ink / pixels);
  };
}

/** The share of the shape's listed pixels that are ink with its centre at (x, y). */
export function cornerShare(area: AreaSums, p: Placed, x: number, y: number): number {
  const { sums } = area;
  const base = (y - area.y0) * area.stride + x - area.x0;
  const { plus, minus, other, otherWeight } = p;
  let ink = 0;
  for (let k = 0; k < plus.length; k += 1) ink += sums[base + (plus[k] as number)] as number;
  for (let k = 0; k < minus.length; k += 1) ink -= sums[base + (minus[k] as number)] as number;
  for (let k = 0; k < other.length; k += 1)
    ink += (otherWeight[k] as number) * (sums[base + (other[k] as number)] as number);
  return p.pixels > 0 ? ink / p.pixels : 0;
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

/** Each shape's offsets as last carried through a transform, and their corners. */
const lastCorners = new WeakMap<Offsets, { linear: number[]; moved: Offsets; corners: Corners }>();

/**
 * The corners of a shape carried through a transform's linear part. A page is laid on a target
 * several times while it is registered and read, each time by a transform a little refined, and
 * the shape's pixels nearly always round to the same places: their corners are then the last.
 */
export function transformedCorners(offsets: Offsets, t: Affine): Corners {
  const last = lastCorners.get(offsets);
  const linear = [t.a, t.b, t.d, t.e];
  if (last && linear.every((v, i) => v === last.linear[i])) return last.corners;
  if (last && movesAlike(offsets, t, last.moved)) {
    last.linear = linear;
    return last.corners;
  }
  const moved = transformOffsets(offsets, t);
  const corners = cornersOf(moved);
  lastCorners.set(offsets, { linear, moved, corners });
  return corners;
}

/** Whether `t` carries the offsets to `moved` (`transformOffsets`), stopping at a difference. */
function movesAlike(offsets: Offsets, t: Affine, moved: Offsets): boolean {
  if (offsets.length !== moved.length) return false;
  for (let i = 0; i < offsets.length; i += 2) {
    const x = offsets[i] as number;
    const y = offsets[i + 1] as number;
    if (Math.round(t.a * x + t.b * y) !== moved[i]) return false;
    if (Math.round(t.d * x + t.e * y) !== moved[i + 1]) return false;
  }
  return true;
}
