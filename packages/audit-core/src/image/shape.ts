import { isInk, type GreyImage } from './grey.js';
import type { Component } from './components.js';

/** Pixel offsets from a target's centre. */
export type Offsets = Int16Array;

/** The pixels of one oval on the template: its printed outline, its inside, a ring outside it. */
export interface TargetShape {
  outline: Offsets;
  interior: Offsets;
  ring: Offsets;
}

const RING = 3;

/**
 * Splits a target's box into outline (ink), interior (paper enclosed by the outline, less one
 * pixel so that a slightly misplaced outline is not read as a mark) and a ring of paper outside.
 * Returns null when the outline encloses no paper, which rules out solid blobs.
 */
export function shapeOf(
  image: GreyImage,
  c: Component,
  cx: number,
  cy: number,
): TargetShape | null {
  const m = RING + 1;
  const w = c.x1 - c.x0 + 1 + 2 * m;
  const h = c.y1 - c.y0 + 1 + 2 * m;
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1)
      ink[y * w + x] = isInk(image, c.x0 - m + x, c.y0 - m + y) ? 1 : 0;
  const outside = reachFromBorder(ink, w, h);
  const inside = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i += 1) inside[i] = !ink[i] && !outside[i] ? 1 : 0;
  const shape = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i += 1) shape[i] = ink[i] || inside[i] ? 1 : 0;
  const near = dilate(shape, w, h, 1);
  const far = dilate(shape, w, h, RING);
  const outline: number[] = [];
  const interior: number[] = [];
  const ring: number[] = [];
  const ox = Math.round(cx) - (c.x0 - m);
  const oy = Math.round(cy) - (c.y0 - m);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      if (ink[i]) outline.push(x - ox, y - oy);
      else if (inside[i] && isCore(inside, w, h, x, y)) interior.push(x - ox, y - oy);
      else if (far[i] && !near[i]) ring.push(x - ox, y - oy);
    }
  }
  if (interior.length < 8) return null;
  return {
    outline: Int16Array.from(outline),
    interior: Int16Array.from(interior),
    ring: Int16Array.from(ring),
  };
}

function isCore(mask: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  if (x === 0 || y === 0 || x === w - 1 || y === h - 1) return false;
  const i = y * w + x;
  return Boolean(mask[i - 1] && mask[i + 1] && mask[i - w] && mask[i + w]);
}

function reachFromBorder(ink: Uint8Array, w: number, h: number): Uint8Array {
  const reached = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (x: number, y: number): void => {
    const i = y * w + x;
    if (x < 0 || y < 0 || x >= w || y >= h || reached[i] || ink[i]) return;
    reached[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < w; x += 1) {
    push(x, 0);
    push(x, h - 1);
  }
  for (let y = 0; y < h; y += 1) {
    push(0, y);
    push(w - 1, y);
  }
  for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
    const x = i % w;
    const y = (i - x) / w;
    push(x + 1, y);
    push(x - 1, y);
    push(x, y + 1);
    push(x, y - 1);
  }
  return reached;
}

function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      if (!mask[y * w + x]) continue;
      for (let dy = -r; dy <= r; dy += 1)
        for (let dx = -r; dx <= r; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h) out[ny * w + nx] = 1;
        }
    }
  }
  return out;
}
