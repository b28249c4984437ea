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

/**
 * Labels the 8-connected ink blobs inside a region with an explicit stack (pages are too big
 * for recursion). Blobs over `maxArea` pixels are still consumed but not returned.
 */
export function findComponents(
  image: GreyImage,
  region: Region = { x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 },
  maxArea = Infinity,
): Component[] {
  const { width, data } = image;
  // Sized to the region: the edge strips searched for timing marks are a quarter of a page.
  const size = (region.x1 - region.x0 + 1) * (region.y1 - region.y0 + 1);
  const seen = new Uint8Array(size);
  const stack = new Int32Array(size);
  const found: Component[] = [];
  for (let y = region.y0; y <= region.y1; y += 1) {
    for (let x = region.x0; x <= region.x1; x += 1) {
      const start = local(region, x, y);
      if (seen[start] || (data[y * width + x] ?? 255) >= INK_THRESHOLD) continue;
      const c = flood(image, region, seen, stack, start);
      if (c.area <= maxArea) found.push(c);
    }
  }
  return found;
}

const local = (r: Region, x: number, y: number): number =>
  (y - r.y0) * (r.x1 - r.x0 + 1) + x - r.x0;

function flood(
  image: GreyImage,
  region: Region,
  seen: Uint8Array,
  stack: Int32Array,
  start: number,
): Component {
  const { width, data } = image;
  let top = 0;
  stack[top++] = start;
  seen[start] = 1;
  const c = { x0: Infinity, y0: Infinity, x1: -1, y1: -1, area: 0, cx: 0, cy: 0 };
  while (top > 0) {
    const at = stack[--top] ?? 0;
    const rw = region.x1 - region.x0 + 1;
    const x = (at % rw) + region.x0;
    const y = Math.floor(at / rw) + region.y0;
    c.area += 1;
    c.cx += x;
    c.cy += y;
    if (x < c.x0) c.x0 = x;
    if (x > c.x1) c.x1 = x;
    if (y < c.y0) c.y0 = y;
    if (y > c.y1) c.y1 = y;
    for (let dy = -1; dy <= 1; dy += 1) {
      const ny = y + dy;
      if (ny < region.y0 || ny > region.y1) continue;
      for (let dx = -1; dx <= 1; dx += 1) {
        const nx = x + dx;
        if (nx < region.x0 || nx > region.x1) continue;
        const n = local(region, nx, ny);
        if (seen[n] || (data[ny * width + nx] ?? 255) >= INK_THRESHOLD) continue;
        seen[n] = 1;
        stack[top++] = n;
      }
    }
  }
  c.cx /= c.area;
  c.cy /= c.area;
  return c;
}
