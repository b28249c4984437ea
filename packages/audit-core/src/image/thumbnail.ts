import { IDENTITY, type Affine } from './affine.js';
import type { GreyImage } from './grey.js';
import { allPaper, paperBlocks, type PaperBlocks } from './paper-blocks.js';

/** A coarse ink map of a page, taken in template coordinates, for telling styles apart. */
export interface Thumbnail {
  width: number;
  height: number;
  /** A cell's side in template pixels (fractional where cells are set in inches). */
  step: number;
  ink: Float32Array;
}

/** A cell's side in template pixels, for maps on a template's own grid. */
const STEP = 8;

/**
 * The page's ink map through the transform: each cell is the mean ink over the whole area it
 * covers on the page, with `cells`, only those cells (the rest read as paper). `step` is a
 * cell's side in template pixels (8 unless told).
 */
export function thumbnail(
  page: GreyImage,
  transform: Affine = IDENTITY,
  size?: { width: number; height: number },
  cells?: Uint8Array,
  step = STEP,
): Thumbnail {
  const map = emptyMap(page, size, step);
  sample(page, transform, map, cells, undefined, paperBlocks(page, false));
  return map;
}

function emptyMap(
  page: GreyImage,
  size?: { width: number; height: number },
  step = STEP,
): Thumbnail {
  const width = Math.floor((size?.width ?? page.width) / step);
  const height = Math.floor((size?.height ?? page.height) / step);
  return { width, height, step, ink: new Float32Array(width * height) };
}

/**
 * Fills the map's cells (those in `cells`, else all) that `done` does not hold yet, and marks
 * them. A cell is read whole: the mean ink over every page pixel its square covers (those whose
 * centres fall in it). Read so, a cell holds the same ink whatever the page's
 * resolution against the template's and wherever a scan's sub-pixel shift puts its strokes: a
 * map that sampled points of a cell saw a one-pixel stroke on one scan and missed it on another,
 * and read a page at 150, 200 or 300 dpi differently, so one style's sheets differed across
 * resolutions as much as two styles do. A cell over blank paper alone (see `paperBlocks`) holds
 * no ink and is not read pixel by pixel: most of a ballot is blank paper.
 */
function sample(
  page: GreyImage,
  transform: Affine,
  map: Thumbnail,
  cells: Uint8Array | undefined,
  done: Uint8Array | undefined,
  paper: Omit<PaperBlocks, 'pixels'>,
): void {
  const { width, height, ink, step } = map;
  const { a, b, c, d, e, f } = transform;
  const { width: pageWidth, height: pageHeight } = page;
  const { inked, stride, none } = paper;
  // The cell's square on the page: centred where the transform puts the cell's centre, its sides
  // the cell's scaled (a scan's turn is a degree or two; the square keeps the cell's area).
  const halfX = (step * Math.hypot(a, d)) / 2;
  const halfY = (step * Math.hypot(b, e)) / 2;
  for (let ty = 0; ty < height; ty += 1) {
    // Pixel k spans k - 0.5 .. k + 0.5 about its centre k, in template and page alike.
    const y = (ty + 0.5) * step - 0.5;
    // Cells are looked at a run at a time first: over blank paper, the whole run holds no ink.
    for (let run = 0; run < width; run += RUN) {
      const last = Math.min(width, run + RUN) - 1;
      const x0 = (run + 0.5) * step - 0.5;
      const x1 = (last + 0.5) * step - 0.5;
      const px0 = a * x0 + b * y + c + 0.5;
      const px1 = a * x1 + b * y + c + 0.5;
      const py0 = d * x0 + e * y + f + 0.5;
      const py1 = d * x1 + e * y + f + 0.5;
      // Every pixel any of the run's squares takes lies within two of this rectangle.
      const l = Math.max(0, Math.floor(Math.min(px0, px1) - halfX) - 2);
      const r = Math.min(pageWidth, Math.ceil(Math.max(px0, px1) + halfX) + 2);
      const t = Math.max(0, Math.floor(Math.min(py0, py1) - halfY) - 2);
      const u = Math.min(pageHeight, Math.ceil(Math.max(py0, py1) + halfY) + 2);
      const blank = r <= l || u <= t || (!none && allPaper(inked, stride, l, r, t, u));
      for (let tx = run, i = ty * width + run; tx <= last; tx += 1, i += 1) {
        if (cells && !cells[i]) continue;
        if (done) {
          if (done[i]) continue;
          done[i] = 1;
        }
        ink[i] = blank
          ? 0
          : cellInk(
              page,
              paper,
              a * ((tx + 0.5) * step - 0.5) + b * y + c + 0.5,
              d * ((tx + 0.5) * step - 0.5) + e * y + f + 0.5,
              halfX,
              halfY,
            );
      }
    }
  }
}

/** Cells looked at together before each is (see `sample`). */
const RUN = 8;

/** The mean ink of the pixels whose centres fall in the square of half sides `halfX`, `halfY` about px, py. */
function cellInk(
  page: GreyImage,
  paper: Omit<PaperBlocks, 'pixels'>,
  px: number,
  py: number,
  halfX: number,
  halfY: number,
): number {
  const { data, width: pageWidth, height: pageHeight } = page;
  const left = Math.round(px - halfX);
  const top = Math.round(py - halfY);
  // At least one pixel, however small the cell on the page.
  const right = Math.max(left + 1, Math.round(px + halfX));
  const bottom = Math.max(top + 1, Math.round(py + halfY));
  // Off the page is paper.
  const l = left < 0 ? 0 : left;
  const r = right > pageWidth ? pageWidth : right;
  const t = top < 0 ? 0 : top;
  const u = bottom > pageHeight ? pageHeight : bottom;
  if (r <= l || u <= t || (!paper.none && allPaper(paper.inked, paper.stride, l, r, t, u)))
    return 0;
  let sum = 0;
  for (let row = t * pageWidth + l, end = u * pageWidth, w = r - l; row < end; row += pageWidth)
    for (let k = row, stop = row + w; k < stop; k += 1) sum += data[k] as number;
  return ((r - l) * (u - t) * 255 - sum) / (255 * (right - left) * (bottom - top));
}

/** A page's ink map through one transform, and which of its cells are sampled so far. */
interface KeptMap {
  map: Thumbnail;
  done: Uint8Array;
}

/** Each page's ink maps, by the transform they are sampled through and their size. */
const kept = new WeakMap<GreyImage, Map<Affine, Map<string, KeptMap>>>();

/**
 * The page's ink map through a registration's transform, kept with the page: a page is laid on
 * its style's template to judge the fit (on `cells` alone), maybe on others' to match it, and
 * again to fingerprint it (whole), always through the one transform its registration keeps. A
 * cell is sampled once; those not asked for yet read as paper.
 */
export function pageThumbnail(
  page: GreyImage,
  transform: Affine,
  size: { width: number; height: number },
  cells?: Uint8Array,
): Thumbnail {
  let byTransform = kept.get(page);
  if (!byTransform) kept.set(page, (byTransform = new Map<Affine, Map<string, KeptMap>>()));
  let bySize = byTransform.get(transform);
  if (!bySize) byTransform.set(transform, (bySize = new Map<string, KeptMap>()));
  const key = `${size.width}x${size.height}`;
  let entry = bySize.get(key);
  if (!entry) {
    const map = emptyMap(page, size);
    entry = { map, done: new Uint8Array(map.ink.length) };
    bySize.set(key, entry);
  }
  sample(page, transform, entry.map, cells, entry.done, paperBlocks(page, true));
  return entry.map;
}

/** Mean absolute difference of two ink maps of the same size over the cells in `mask`. */
export function thumbnailDistance(a: Thumbnail, b: Thumbnail, mask?: Uint8Array): number {
  let sum = 0;
  let cells = 0;
  const n = Math.min(a.ink.length, b.ink.length);
  for (let i = 0; i < n; i += 1) {
    if (mask && !mask[i]) continue;
    sum += Math.abs((a.ink[i] ?? 0) - (b.ink[i] ?? 0));
    cells += 1;
  }
  return sum / Math.max(1, cells);
}

/**
 * The cells where templates differ from one another: only there can a page tell them apart,
 * and voters' marks elsewhere are left out of the comparison.
 */
export function distinguishingCells(
  thumbnails: Thumbnail[],
  threshold = 0.1,
): Uint8Array | undefined {
  const first = thumbnails[0];
  if (!first || thumbnails.some((t) => t.ink.length !== first.ink.length)) return undefined;
  const mask = new Uint8Array(first.ink.length);
  for (let i = 0; i < mask.length; i += 1) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const t of thumbnails) {
      const v = t.ink[i] ?? 0;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    mask[i] = hi - lo > threshold ? 1 : 0;
  }
  return mask;
}

/** A thumbnail cell differs when the ink shares differ by more than this. */
export const CELL_DIFFERENCE = 0.25;

/**
 * How many cells of two ink maps differ clearly. A voter's marks change a few cells; another
 * contest layout changes many, so this tells styles apart where a mean difference blurs. The
 * count stops once it passes `limit`; with a mask, only its cells count.
 */
export function differingCells(
  a: Thumbnail,
  b: Thumbnail,
  limit = Infinity,
  mask?: Uint8Array,
): number {
  let count = 0;
  const n = Math.min(a.ink.length, b.ink.length);
  const x = a.ink;
  const y = b.ink;
  // Past `limit` the exact count no longer matters to a caller looking for the nearest map.
  if (mask) {
    // A mask is read as the list of its cells, in order: most of a page's cells are not in it.
    const cells = cellsOf(mask);
    for (let k = 0; k < cells.length && count <= limit; k += 1) {
      const i = cells[k] as number;
      if (i >= n) break;
      if (Math.abs((x[i] as number) - (y[i] as number)) > CELL_DIFFERENCE) count += 1;
    }
    return count;
  }
  for (let i = 0; i < n && count <= limit; i += 1)
    if (Math.abs((x[i] as number) - (y[i] as number)) > CELL_DIFFERENCE) count += 1;
  return count;
}

/** Ink under this in a cell and all its neighbours is bare paper there. */
const BARE = 0.05;
/** Ink over this in a cell is printing that no scan loses: bold text, a filled shape. */
const SOLID = 0.4;

/**
 * Each map's most ink over each cell, the cells beside it and those within `rows` above and
 * below it, taken once per map and reach.
 */
const nearInk = new WeakMap<Thumbnail, Map<number, Float32Array>>();

function inkNear(map: Thumbnail, rows: number): Float32Array {
  const kept = nearInk.get(map) ?? new Map<number, Float32Array>();
  nearInk.set(map, kept);
  let near = kept.get(rows);
  if (near) return near;
  const { width, height, ink } = map;
  // The most along each row first, then down each column: a rectangle's most in two passes.
  const across = new Float32Array(ink.length);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      let most = 0;
      for (let dx = Math.max(0, x - 1); dx <= Math.min(width - 1, x + 1); dx += 1)
        most = Math.max(most, ink[y * width + dx] as number);
      across[y * width + x] = most;
    }
  near = new Float32Array(ink.length);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      let most = 0;
      for (let dy = Math.max(0, y - rows); dy <= Math.min(height - 1, y + rows); dy += 1)
        most = Math.max(most, across[dy * width + x] as number);
      near[y * width + x] = most;
    }
  kept.set(rows, near);
  return near;
}

/**
 * How many cells of two ink maps differ in what is printed there: one holds solid ink (bold
 * text, a filled shape) and the other is bare paper in and around that cell. A scan that
 * loses ink (a 150 dpi page blurred by a pixel and cut to 1 bit keeps a few strokes of each
 * word, and its boxes' one-pixel rules not at all) still shows ink round each bold word, so it
 * differs from a sharp scan of its style in few cells, while another layout puts headings where
 * a page has none. Counting every cell whose ink differs, such a scan was as far from sharp
 * scans of its own style as from other styles, and was grouped with another style's sheets.
 * The other page must be bare in the cells beside the cell and in `rows` cells above and below
 * it: a voter's mark fills a target's inside, and in a target taller than three cells (a box)
 * the middle of the inside lies more than one cell from the printed rules above and below it.
 * `solid` is the ink a cell must hold to count (`SOLID` by default).
 */
export function layoutCells(a: Thumbnail, b: Thumbnail, rows = 1, solid = SOLID): number {
  if (a.ink.length !== b.ink.length) return Infinity;
  const nearA = inkNear(a, rows);
  const nearB = inkNear(b, rows);
  // Ink over each page's own paper: a greyscale scan's paper is a fifteenth ink, and read as
  // is, no cell of such a page was ever bare, so no two greyscale pages differed in layout.
  const paperA = paperOf(a);
  const paperB = paperOf(b);
  const x = a.ink;
  const y = b.ink;
  let count = 0;
  for (let i = 0; i < x.length; i += 1) {
    const inkA = (x[i] as number) - paperA;
    const inkB = (y[i] as number) - paperB;
    const d = inkA - inkB;
    if (
      d > CELL_DIFFERENCE
        ? inkA > solid && (nearB[i] as number) - paperB < BARE
        : d < -CELL_DIFFERENCE && inkB > solid && (nearA[i] as number) - paperA < BARE
    )
      count += 1;
  }
  return count;
}

/** Each map's paper: the ink of its middle cell by ink, as most of a ballot is blank paper. */
const paperInk = new WeakMap<Thumbnail, number>();

function paperOf(map: Thumbnail): number {
  const known = paperInk.get(map);
  if (known !== undefined) return known;
  const sorted = Float32Array.from(map.ink).sort();
  const paper = sorted[Math.floor(sorted.length / 2)] ?? 0;
  paperInk.set(map, paper);
  return paper;
}

/** The cells each mask holds, listed once per mask (a template's masks outlive its pages). */
const maskCells = new WeakMap<Uint8Array, Int32Array>();

function cellsOf(mask: Uint8Array): Int32Array {
  let cells = maskCells.get(mask);
  if (cells) return cells;
  let count = 0;
  for (let i = 0; i < mask.length; i += 1) if (mask[i]) count += 1;
  cells = new Int32Array(count);
  for (let i = 0, k = 0; i < mask.length; i += 1) if (mask[i]) cells[k++] = i;
  maskCells.set(mask, cells);
  return cells;
}

/** Ink maps as bytes (0–255), for storing a template's samples. */
export function packThumbnails(maps: Thumbnail[]): Buffer {
  const out = Buffer.alloc(maps.reduce((n, m) => n + m.ink.length, 0));
  let at = 0;
  for (const m of maps)
    for (const v of m.ink) out[at++] = Math.round(Math.min(1, Math.max(0, v)) * 255);
  return out;
}

export function unpackThumbnails(bytes: Uint8Array, width: number, height: number): Thumbnail[] {
  const size = width * height;
  const maps: Thumbnail[] = [];
  for (let at = 0; size > 0 && at + size <= bytes.length; at += size) {
    const ink = new Float32Array(size);
    for (let i = 0; i < size; i += 1) ink[i] = (bytes[at + i] ?? 0) / 255;
    maps.push({ width, height, step: STEP, ink });
  }
  return maps;
}
