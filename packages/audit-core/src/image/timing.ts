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
 * Square inches under which a blob is no mark: `isMark` asks at least 0.04 × 0.03 in, 70% inked.
 * Left out as they are found, a noisy scan's specks cost no more than their labelling.
 */
const MIN_AREA = 0.5 * 0.04 * 0.03;

/**
 * Finds the solid rectangular marks printed down both edges. Marks are kept only near the
 * column's median x so that a top row of marks or a stray blot does not join a column.
 */
export function findTimingMarks(image: GreyImage): TimingMarks {
  const dpi = estimateDpi(image);
  const strip = Math.round(image.width * STRIP);
  const y1 = image.height - 1;
  const left = findComponents(
    image,
    { x0: 0, y0: 0, x1: strip, y1 },
    dpi * dpi,
    MIN_AREA * dpi * dpi,
  );
  const right = findComponents(
    image,
    { x0: image.width - 1 - strip, y0: 0, x1: image.width - 1, y1 },
    dpi * dpi,
    MIN_AREA * dpi * dpi,
  );
  return {
    left: regular(column(left, dpi), image.height),
    right: regular(column(right, dpi), image.height),
  };
}

/**
 * Timing marks run the length of the page at a steady pitch. Bars of a barcode down one edge
 * (Hart prints them there) come in short clusters with long gaps between: they are no column.
 */
function regular(marks: Point[], height: number): Point[] {
  if (marks.length < 3) return marks;
  const first = marks[0] as Point;
  const last = marks.at(-1) as Point;
  const span = last.y - first.y;
  let gap = 0;
  for (let i = 1; i < marks.length; i += 1)
    gap = Math.max(gap, (marks[i] as Point).y - (marks[i - 1] as Point).y);
  return marks.length >= 8 && span >= height * 0.5 && gap <= span * 0.2 ? marks : [];
}

/**
 * A solid mark: a dash wider than tall, or a square dot (some printings and scanners draw the
 * marks that way). Round blots such as bullets pass too; the column and pitch checks drop them.
 */
function isMark(c: Component, dpi: number): boolean {
  const w = boxWidth(c) / dpi;
  const h = boxHeight(c) / dpi;
  const dash = w >= 0.08 && w > h;
  const dot = w >= 0.04 && w >= h * 0.6;
  return (dash || dot) && w <= 0.4 && h >= 0.03 && h <= 0.16 && fillRatio(c) > 0.7;
}

function column(components: Component[], dpi: number): Point[] {
  const marks = components.filter((c) => isMark(c, dpi)).map((c) => ({ x: c.cx, y: c.cy }));
  if (marks.length < 2) return marks;
  const xs = marks.map((p) => p.x).sort((p, q) => p - q);
  const median = xs[Math.floor(xs.length / 2)] ?? 0;
  // A skewed column drifts across the page, so fit its line before judging who is on it.
  const near = marks.filter((p) => Math.abs(p.x - median) < dpi * 0.3);
  const line = fitLine(near);
  return marks
    .filter((p) => Math.abs(p.x - (line.slope * p.y + line.offset)) < dpi * 0.06)
    .sort((p, q) => p.y - q.y);
}

/** Least-squares x = slope·y + offset, refitted once without the points far from the first fit. */
function fitLine(points: Point[]): { slope: number; offset: number } {
  const fit = (ps: Point[]): { slope: number; offset: number } => {
    const n = ps.length;
    const my = ps.reduce((s, p) => s + p.y, 0) / n;
    const mx = ps.reduce((s, p) => s + p.x, 0) / n;
    const vy = ps.reduce((s, p) => s + (p.y - my) ** 2, 0);
    const slope = vy > 0 ? ps.reduce((s, p) => s + (p.y - my) * (p.x - mx), 0) / vy : 0;
    return { slope, offset: mx - slope * my };
  };
  const first = fit(points);
  const residuals = points.map((p) => Math.abs(p.x - (first.slope * p.y + first.offset)));
  const cut = [...residuals].sort((p, q) => p - q)[Math.floor(points.length * 0.8)] ?? Infinity;
  const kept = points.filter((_, i) => (residuals[i] ?? 0) <= cut);
  return kept.length >= 2 ? fit(kept) : first;
}
