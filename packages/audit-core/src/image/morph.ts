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
 * maximum or minimum, as a row pass and a column pass. Each pass keeps a running count of set
 * pixels in its window, so its cost does not depend on r, and the column pass walks rows in
 * memory order. Outside the page counts as the value itself, so shrinking spares the edges.
 */
export function morph(mask: Mask, width: number, height: number, r: number, value: 0 | 1): Mask {
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
