import { IDENTITY, type Affine } from './affine.js';
import { pixelAt, type GreyImage } from './grey.js';

/** A coarse ink map of a page, sampled in template coordinates, for telling styles apart. */
export interface Thumbnail {
  width: number;
  height: number;
  step: number;
  ink: Float32Array;
}

const STEP = 8;

/**
 * Samples the page at every STEP-th template pixel through the transform, averaging a 4×4 patch;
 * with `cells`, only those cells (the rest read as paper).
 */
export function thumbnail(
  page: GreyImage,
  transform: Affine = IDENTITY,
  size?: { width: number; height: number },
  cells?: Uint8Array,
): Thumbnail {
  const map = emptyMap(page, size);
  sample(page, transform, map, cells);
  return map;
}

function emptyMap(page: GreyImage, size?: { width: number; height: number }): Thumbnail {
  const width = Math.floor((size?.width ?? page.width) / STEP);
  const height = Math.floor((size?.height ?? page.height) / STEP);
  return { width, height, step: STEP, ink: new Float32Array(width * height) };
}

/** Fills the map's cells (those in `cells`, else all) that `done` does not hold yet, and marks them. */
function sample(
  page: GreyImage,
  transform: Affine,
  map: Thumbnail,
  cells?: Uint8Array,
  done?: Uint8Array,
): void {
  const { width, height, ink } = map;
  const { a, b, c, d, e, f } = transform;
  const { data, width: pw, height: ph } = page;
  const half = STEP / 2;
  const down = 2 * pw;
  // A page scanned coarser than its template (150 dpi on 200) has a cell's width in fewer
  // pixels, and its thinnest printed strokes a pixel wide: every other pixel would miss them
  // on some sheets and not others. Such a page's cell is read whole, every pixel of the square
  // the cell covers on it.
  const scale = Math.sqrt(Math.abs(a * e - b * d));
  const side = scale < DENSE_BELOW ? Math.max(2, Math.round(STEP * scale)) : 0;
  // The patch spans -4..+2 pixels around its centre; inside those bounds no check is needed.
  for (let ty = 0; ty < height; ty += 1) {
    const y = ty * STEP + half;
    for (let tx = 0; tx < width; tx += 1) {
      const i = ty * width + tx;
      if (cells && !cells[i]) continue;
      if (done) {
        if (done[i]) continue;
        done[i] = 1;
      }
      const x = tx * STEP + half;
      const px = Math.round(a * x + b * y + c);
      const py = Math.round(d * x + e * y + f);
      if (side > 0) {
        ink[i] = cellInk(page, px - (side >> 1), py - (side >> 1), side);
        continue;
      }
      let sum = 0;
      if (px >= 4 && py >= 4 && px + 2 < pw && py + 2 < ph) {
        const r0 = (py - 4) * pw + px;
        const r1 = r0 + down;
        const r2 = r1 + down;
        const r3 = r2 + down;
        sum =
          4080 -
          (data[r0 - 4] as number) -
          (data[r0 - 2] as number) -
          (data[r0] as number) -
          (data[r0 + 2] as number) -
          (data[r1 - 4] as number) -
          (data[r1 - 2] as number) -
          (data[r1] as number) -
          (data[r1 + 2] as number) -
          (data[r2 - 4] as number) -
          (data[r2 - 2] as number) -
          (data[r2] as number) -
          (data[r2 + 2] as number) -
          (data[r3 - 4] as number) -
          (data[r3 - 2] as number) -
          (data[r3] as number) -
          (data[r3 + 2] as number);
      } else {
        for (let dy = -2; dy < 2; dy += 1)
          for (let dx = -2; dx < 2; dx += 1) sum += 255 - pixelAt(page, px + dx * 2, py + dy * 2);
      }
      ink[i] = sum / (16 * 255);
    }
  }
}

/** Below this scale from template to page, a cell is read on every pixel (see `sample`). */
const DENSE_BELOW = 0.9;

/** Mean ink (0 paper, 1 black) over the side × side square from (x0, y0); off the page is paper. */
function cellInk(page: GreyImage, x0: number, y0: number, side: number): number {
  const { data, width, height } = page;
  let sum = 0;
  for (let y = Math.max(0, y0); y < Math.min(height, y0 + side); y += 1) {
    const row = y * width;
    for (let x = Math.max(0, x0); x < Math.min(width, x0 + side); x += 1)
      sum += 255 - (data[row + x] as number);
  }
  return sum / (side * side * 255);
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
  sample(page, transform, entry.map, cells, entry.done);
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
