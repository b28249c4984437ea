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
let stackScratch = new Int32Array(1024);

/**
 * Labels the 8-connected ink blobs inside a region with an explicit stack (pages are too big
 * for recursion). Blobs over `maxArea` pixels, or under `minArea`, are still consumed but not
 * returned (a noisy scan's specks are thousands of blobs). This runs on
 * both edge strips of every ballot, so it works on flat indexes without per-pixel calls.
 */
export function findComponents(
  image: GreyImage,
  region: Region = { x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 },
  maxArea = Infinity,
  minArea = 0,
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
  if (seenScratch.length < size) seenScratch = new Uint8Array(size);
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
    const c = flood(image, region, seen, local + x);
    if (c.area <= maxArea && c.area >= minArea) found.push(c);
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

/** Pushes a seed, growing the shared stack when a blob needs more room than its pixels. */
function push(top: number, value: number): number {
  if (top === stackScratch.length) {
    const grown = new Int32Array(Math.max(1024, stackScratch.length * 2));
    grown.set(stackScratch);
    stackScratch = grown;
  }
  stackScratch[top] = value;
  return top + 1;
}

/**
 * Fills one blob run by run: a seed's row is extended left and right over unseen ink, the run
 * marked, and the rows above and below it (a pixel further each way, for diagonal neighbours)
 * give a seed per run of unseen ink they hold. Each maximal run of ink is filled once, whole.
 */
function flood(image: GreyImage, region: Region, seen: Uint8Array, start: number): Component {
  const { width, data } = image;
  const { x0, y0 } = region;
  const rw = region.x1 - x0 + 1;
  const rh = region.y1 - y0 + 1;
  let top = push(0, start);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  let area = 0;
  let sx = 0;
  let sy = 0;
  while (top > 0) {
    const at = stackScratch[--top] as number;
    if (seen[at]) continue;
    const ly = (at / rw) | 0;
    const local = ly * rw;
    const row = (ly + y0) * width + x0;
    let a = at - local;
    let b = a;
    while (a > 0 && !seen[local + a - 1] && (data[row + a - 1] as number) < INK_THRESHOLD) a -= 1;
    while (b < rw - 1 && !seen[local + b + 1] && (data[row + b + 1] as number) < INK_THRESHOLD)
      b += 1;
    seen.fill(1, local + a, local + b + 1);
    const n = b - a + 1;
    const y = ly + y0;
    area += n;
    // The run's x from a + x0 to b + x0, summed: a whole number, as the pixel-by-pixel sum was.
    sx += n * x0 + ((a + b) * n) / 2;
    sy += n * y;
    if (a + x0 < minX) minX = a + x0;
    if (b + x0 > maxX) maxX = b + x0;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    const from = a > 0 ? a - 1 : 0;
    const to = b < rw - 1 ? b + 1 : b;
    for (let ny = ly - 1; ny <= ly + 1; ny += 2) {
      if (ny < 0 || ny >= rh) continue;
      const nl = ny * rw;
      const nr = (ny + y0) * width + x0;
      for (let x = from; x <= to; x += 1) {
        if (seen[nl + x] || (data[nr + x] as number) >= INK_THRESHOLD) continue;
        top = push(top, nl + x);
        while (x < to && !seen[nl + x + 1] && (data[nr + x + 1] as number) < INK_THRESHOLD) x += 1;
      }
    }
  }
  return { x0: minX, y0: minY, x1: maxX, y1: maxY, area, cx: sx / area, cy: sy / area };
}
