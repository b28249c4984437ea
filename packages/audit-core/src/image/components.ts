import { INK_THRESHOLD, type GreyImage } from './grey.js';

/** A connected blob of ink: its bounding box, pixel count and centre. */
export interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
  cx: number;
  cy: number;
}

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const boxWidth = (c: Component): number => c.x1 - c.x0 + 1;
export const boxHeight = (c: Component): number => c.y1 - c.y0 + 1;
export const fillRatio = (c: Component): number => c.area / (boxWidth(c) * boxHeight(c));

/** Scratch buffers reused across calls (labelling is synchronous), grown as pages need. */
let seenScratch = new Uint8Array(0);
let stackScratch = new Int32Array(0);

/**
 * Labels the 8-connected ink blobs inside a region with an explicit stack (pages are too big
 * for recursion). Blobs over `maxArea` pixels are still consumed but not returned. This runs on
 * both edge strips of every ballot, so it works on flat indexes without per-pixel calls.
 */
export function findComponents(
  image: GreyImage,
  region: Region = { x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 },
  maxArea = Infinity,
): Component[] {
  const { width, data } = image;
  // Outside the page is paper.
  const x0 = Math.max(0, region.x0);
  const y0 = Math.max(0, region.y0);
  const x1 = Math.min(width - 1, region.x1);
  const y1 = Math.min(image.height - 1, region.y1);
  if (x1 < x0 || y1 < y0) return [];
  const rw = x1 - x0 + 1;
  const size = rw * (y1 - y0 + 1);
  if (seenScratch.length < size) {
    seenScratch = new Uint8Array(size);
    stackScratch = new Int32Array(size);
  }
  const seen = seenScratch;
  seen.fill(0, 0, size);
  const found: Component[] = [];
  // Four pixels at a time: a word whose bytes all have their high bit set (>= 128) is paper.
  const words =
    INK_THRESHOLD === 128 && data.byteOffset % 4 === 0
      ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
      : undefined;
  const visit = (x: number, row: number, local: number, region: Region): void => {
    if ((data[row + x] as number) >= INK_THRESHOLD || seen[local + x]) return;
    const c = flood(image, region, seen, stackScratch, local + x);
    if (c.area <= maxArea) found.push(c);
  };
  const clamped = { x0, y0, x1, y1 };
  for (let y = y0; y <= y1; y += 1) {
    const row = y * width;
    const local = (y - y0) * rw - x0;
    let x = x0;
    if (words) {
      for (; x <= x1 && (row + x) % 4 !== 0; x += 1) visit(x, row, local, clamped);
      for (; x + 3 <= x1; x += 4) {
        if ((~(words[(row + x) >> 2] as number) & 0x80808080) === 0) continue;
        for (let k = 0; k < 4; k += 1) visit(x + k, row, local, clamped);
      }
    }
    for (; x <= x1; x += 1) visit(x, row, local, clamped);
  }
  return found;
}

function flood(
  image: GreyImage,
  region: Region,
  seen: Uint8Array,
  stack: Int32Array,
  start: number,
): Component {
  const { width, data } = image;
  const { x0, y0 } = region;
  const rw = region.x1 - x0 + 1;
  const rh = region.y1 - y0 + 1;
  let top = 0;
  stack[top++] = start;
  seen[start] = 1;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  let area = 0;
  let sx = 0;
  let sy = 0;
  while (top > 0) {
    const at = stack[--top] as number;
    const ly = (at / rw) | 0;
    const lx = at - ly * rw;
    const x = lx + x0;
    const y = ly + y0;
    area += 1;
    sx += x;
    sy += y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    const fromY = ly > 0 ? -1 : 0;
    const toY = ly < rh - 1 ? 1 : 0;
    const fromX = lx > 0 ? -1 : 0;
    const toX = lx < rw - 1 ? 1 : 0;
    for (let dy = fromY; dy <= toY; dy += 1) {
      const n0 = at + dy * rw;
      const p0 = (y + dy) * width + x;
      for (let dx = fromX; dx <= toX; dx += 1) {
        const n = n0 + dx;
        if (seen[n] || (data[p0 + dx] as number) >= INK_THRESHOLD) continue;
        seen[n] = 1;
        stack[top++] = n;
      }
    }
  }
  return { x0: minX, y0: minY, x1: maxX, y1: maxY, area, cx: sx / area, cy: sy / area };
}
