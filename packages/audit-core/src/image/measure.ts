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
  let ink = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const px = x + (offsets[i] ?? 0);
    const py = y + (offsets[i + 1] ?? 0);
    if (px < 0 || py < 0 || px >= width || py >= height) continue;
    if ((data[py * width + px] ?? 255) < INK_THRESHOLD) ink += 1;
  }
  return offsets.length > 0 ? (ink * 2) / offsets.length : 0;
}

/**
 * Offsets as flat page indexes, with their extent, so that the search (hundreds of positions
 * per target) samples without per-pixel bounds checks wherever the shape lies inside the page.
 */
interface Sampler {
  offsets: Offsets;
  linear: Int32Array;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function sampler(offsets: Offsets, width: number): Sampler {
  const linear = new Int32Array(offsets.length / 2);
  let minX = 0;
  let maxX = 0;
  let minY = 0;
  let maxY = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    const dx = offsets[i] as number;
    const dy = offsets[i + 1] as number;
    linear[i / 2] = dy * width + dx;
    if (dx < minX) minX = dx;
    if (dx > maxX) maxX = dx;
    if (dy < minY) minY = dy;
    if (dy > maxY) maxY = dy;
  }
  return { offsets, linear, minX, maxX, minY, maxY };
}

/** Same as `inkShare`, fast when the whole shape is on the page. */
function sampledShare(page: GreyImage, s: Sampler, x: number, y: number): number {
  const { width, height, data } = page;
  if (x + s.minX < 0 || y + s.minY < 0 || x + s.maxX >= width || y + s.maxY >= height)
    return inkShare(page, s.offsets, x, y);
  const base = y * width + x;
  const { linear } = s;
  let ink = 0;
  for (let i = 0; i < linear.length; i += 1)
    if ((data[base + (linear[i] as number)] as number) < INK_THRESHOLD) ink += 1;
  return s.offsets.length > 0 ? (ink * 2) / s.offsets.length : 0;
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

/**
 * Moves the target's expected centre within a small window to where the printed outline fits
 * best (ink on the outline, paper just outside it), then measures the inside. Matching the
 * outline rather than the fill keeps a mark that spills over from pulling the target with it.
 */
export function measureTarget(
  page: GreyImage,
  target: TemplateTarget,
  transform: Affine,
  window: number,
): TargetMeasure {
  const expected = applyAffine(transform, { x: Math.round(target.cx), y: Math.round(target.cy) });
  const ex = Math.round(expected.x);
  const ey = Math.round(expected.y);
  const outline = sampler(transformOffsets(target.shape.outline, transform), page.width);
  const ring = sampler(transformOffsets(target.shape.ring, transform), page.width);
  let best = { x: ex, y: ey, score: -Infinity };
  for (let dy = -window; dy <= window; dy += 1) {
    for (let dx = -window; dx <= window; dx += 1) {
      const x = ex + dx;
      const y = ey + dy;
      // A small pull towards the expected place breaks ties on blank paper.
      const score =
        sampledShare(page, outline, x, y) -
        sampledShare(page, ring, x, y) -
        0.002 * (dx * dx + dy * dy);
      if (score > best.score) best = { x, y, score };
    }
  }
  const interior = transformOffsets(target.shape.interior, transform);
  const fill = inkShare(page, interior, best.x, best.y) - target.templateInk;
  return { index: target.index, x: best.x, y: best.y, fill };
}
