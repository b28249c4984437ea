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
 * A shape as weighted corners of a summed-area table, so that its ink is counted with one lookup
 * a corner instead of pixel by pixel. The pixels' counts on a small grid, differenced along
 * rows and down columns, are zero but at the corners of the shape's outline; the ink under the
 * shape is the sum of the table at those corners times their weights. A pixel listed twice
 * (rounding in `transformOffsets` can fold two template pixels onto one) counts twice, so counts
 * are those of the listed pixels.
 */
interface Corners {
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

function cornersOf(offsets: Offsets): Corners {
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
interface Placed {
  pixels: number;
  plus: Int32Array;
  minus: Int32Array;
  other: Int32Array;
  otherWeight: Int32Array;
}

/** Each shape's corners as last placed, by the table's row length: searches repeat it. */
const lastPlaced = new WeakMap<Corners, { stride: number; placed: Placed }>();

function place(area: AreaSums, c: Corners): Placed {
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
function boxBound(area: AreaSums, c: Corners): (x: number, y: number) => number {
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
function cornerShare(area: AreaSums, p: Placed, x: number, y: number): number {
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
function transformedCorners(offsets: Offsets, t: Affine): Corners {
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
