import { boxHeight, boxWidth, fillRatio, findComponents, type Component } from './components.js';
import { estimateDpi, type GreyImage } from './grey.js';
import type { Point } from './affine.js';

/** The timing marks down each edge of a page, top to bottom. */
export interface TimingMarks {
  left: Point[];
  right: Point[];
}

/** Edge strips searched for marks, as a share of the page width. */
const STRIP = 0.13;

/**
 * Finds the solid rectangular marks printed down both edges. Marks are kept only near the
 * column's median x so that a top row of marks or a stray blot does not join a column.
 */
export function findTimingMarks(image: GreyImage): TimingMarks {
  const dpi = estimateDpi(image);
  const strip = Math.round(image.width * STRIP);
  const y1 = image.height - 1;
  const left = findComponents(image, { x0: 0, y0: 0, x1: strip, y1 }, dpi * dpi);
  const right = findComponents(
    image,
    { x0: image.width - 1 - strip, y0: 0, x1: image.width - 1, y1 },
    dpi * dpi,
  );
  return { left: column(left, dpi), right: column(right, dpi) };
}

function isMark(c: Component, dpi: number): boolean {
  const w = boxWidth(c) / dpi;
  const h = boxHeight(c) / dpi;
  return w >= 0.08 && w <= 0.4 && h >= 0.03 && h <= 0.16 && w > h && fillRatio(c) > 0.7;
}

function column(components: Component[], dpi: number): Point[] {
  const marks = components.filter((c) => isMark(c, dpi));
  if (marks.length === 0) return [];
  const xs = marks.map((c) => c.cx).sort((p, q) => p - q);
  const median = xs[Math.floor(xs.length / 2)] ?? 0;
  return marks
    .filter((c) => Math.abs(c.cx - median) < dpi * 0.08)
    .map((c) => ({ x: c.cx, y: c.cy }))
    .sort((p, q) => p.y - q.y);
}
