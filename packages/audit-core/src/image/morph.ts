import { INK_THRESHOLD, type GreyImage } from './grey.js';

/** A binary mask the size of a page: 1 where there is ink. */
export type Mask = Uint8Array;

export function inkMask(page: GreyImage): Mask {
  const mask = new Uint8Array(page.width * page.height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = (page.data[i] ?? 255) < INK_THRESHOLD ? 1 : 0;
  return mask;
}

/**
 * Grows (value 1) or shrinks (value 0) the set pixels by r in both directions: a square
 * maximum or minimum, as a row pass and a column pass. Outside the page counts as the value
 * itself, so shrinking spares the edges. Shrinking is growing the unset pixels; for the small
 * radii the template builder uses (up to 3), both passes take four pixels at a time as 32-bit
 * words, which made combining exemplars several times faster.
 */
export function morph(mask: Mask, width: number, height: number, r: number, value: 0 | 1): Mask {
  if (r <= 0 || width === 0 || height === 0) return mask.slice();
  if (r > 3 || !LITTLE_ENDIAN) return morphByCounts(mask, width, height, r, value);
  // Rows padded to whole words, so a pixel's column neighbours sit in the same byte lane.
  const stride = (width + 3) & ~3;
  const src = new Uint8Array(stride * height);
  if (stride === width) src.set(mask.subarray(0, width * height));
  else
    for (let y = 0; y < height; y += 1)
      src.set(mask.subarray(y * width, (y + 1) * width), y * stride);
  const s32 = new Uint32Array(src.buffer);
  if (value === 0) for (let i = 0; i < s32.length; i += 1) s32[i] = (s32[i] as number) ^ ONES;
  const rows = new Uint8Array(src.length);
  growRows(s32, new Uint32Array(rows.buffer), r);
  mendRowEnds(src, rows, width, stride, height, r);
  const grown = new Uint8Array(src.length);
  const g32 = new Uint32Array(grown.buffer);
  growColumns(new Uint32Array(rows.buffer), g32, stride / 4, height, r);
  if (value === 0) for (let i = 0; i < g32.length; i += 1) g32[i] = (g32[i] as number) ^ ONES;
  if (stride === width) return grown;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    out.set(grown.subarray(y * stride, y * stride + width), y * width);
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const ONES = 0x01010101;

/** Each byte ORed with the r bytes either side of it, the page read as one long row. */
function growRows(src: Uint32Array, dst: Uint32Array, r: number): void {
  const last = src.length - 1;
  for (let i = 0; i <= last; i += 1) {
    const cur = src[i] as number;
    const prev = i > 0 ? (src[i - 1] as number) : 0;
    const next = i < last ? (src[i + 1] as number) : 0;
    let acc = cur | (cur << 8) | (prev >>> 24) | (cur >>> 8) | (next << 24);
    if (r >= 2) acc |= (cur << 16) | (prev >>> 16) | (cur >>> 16) | (next << 16);
    if (r >= 3) acc |= (cur << 24) | (prev >>> 8) | (cur >>> 24) | (next << 8);
    dst[i] = acc;
  }
}

/** The first and last r pixels of each row took in the rows beside it: redone within the row. */
function mendRowEnds(
  src: Uint8Array,
  rows: Uint8Array,
  width: number,
  stride: number,
  height: number,
  r: number,
): void {
  for (let y = 0; y < height; y += 1) {
    const row = y * stride;
    for (let x = 0; x < width; x += 1) {
      if (x === r && width - r > r) x = width - r;
      let v = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k += 1)
        v |= src[row + k] as number;
      rows[row + x] = v;
    }
  }
}

/** Each word ORed with the same word r rows above and below, within the page. */
function growColumns(
  src: Uint32Array,
  dst: Uint32Array,
  across: number,
  height: number,
  r: number,
): void {
  for (let y = 0; y < height; y += 1) {
    const from = Math.max(0, y - r) * across;
    const to = Math.min(height - 1, y + r) * across;
    const row = y * across;
    for (let x = 0; x < across; x += 1) {
      let v = 0;
      for (let k = from + x; k <= to + x; k += across) v |= src[k] as number;
      dst[row + x] = v;
    }
  }
}

/**
 * The same operation for any radius: each pass keeps a running count of set pixels in its
 * window, so its cost does not depend on r, and the column pass walks rows in memory order.
 */
export function morphByCounts(
  mask: Mask,
  width: number,
  height: number,
  r: number,
  value: 0 | 1,
): Mask {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let ones = 0;
    for (let x = 0; x < r && x < width; x += 1) ones += mask[row + x] as number;
    for (let x = 0; x < width; x += 1) {
      if (x + r < width) ones += mask[row + x + r] as number;
      if (x > r) ones -= mask[row + x - r - 1] as number;
      const span = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1;
      rows[row + x] = value === 1 ? (ones > 0 ? 1 : 0) : ones === span ? 1 : 0;
    }
  }
  const out = new Uint8Array(mask.length);
  const counts = new Int32Array(width);
  const addRow = (y: number, sign: number): void => {
    for (let x = 0, row = y * width; x < width; x += 1)
      counts[x] = (counts[x] as number) + sign * (rows[row + x] as number);
  };
  for (let y = 0; y < r && y < height; y += 1) addRow(y, 1);
  for (let y = 0; y < height; y += 1) {
    if (y + r < height) addRow(y + r, 1);
    if (y > r) addRow(y - r - 1, -1);
    const span = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const ones = counts[x] as number;
      out[row + x] = value === 1 ? (ones > 0 ? 1 : 0) : ones === span ? 1 : 0;
    }
  }
  return out;
}

export const dilate = (m: Mask, w: number, h: number, r: number): Mask => morph(m, w, h, r, 1);
export const erode = (m: Mask, w: number, h: number, r: number): Mask => morph(m, w, h, r, 0);
