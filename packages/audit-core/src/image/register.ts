import { applyAffine, fitAffine, type Affine, type Point } from './affine.js';
import type { TimingMarks } from './timing.js';

/** How a page lies against its template, and how well the marks agreed. */
export interface Registration {
  transform: Affine;
  /** Marks that matched within tolerance, out of the template's. */
  matched: number;
  total: number;
  /** Root-mean-square residual of the matched marks, in pixels. */
  residual: number;
}

/** Raised when a page's timing marks cannot be matched to its template's. */
export class RegistrationError extends Error {
  override name = 'RegistrationError';
}

/**
 * Registers a page on its template from the timing marks of both edges. A mark may be missing
 * or extra at either end, so pairings by index shifted by up to three marks are tried per
 * column; the one with most inliers wins and is refitted on its inliers alone.
 */
export function registerMarks(
  template: TimingMarks,
  page: TimingMarks,
  tolerance: number,
): Registration {
  let best: { pairs: [Point, Point][]; transform: Affine; error: number } | null = null;
  const total = template.left.length + template.right.length;
  // Shifts nearest to none first: once every template mark pairs up, no shift can do better.
  for (const [dl, dr] of SHIFTS) {
    if (best?.pairs.length === total) break;
    const pairs = [
      ...shifted(template.left, page.left, dl),
      ...shifted(template.right, page.right, dr),
    ];
    const transform = fit(pairs);
    if (!transform) continue;
    const inliers = pairs.filter(([t, p]) => distance(applyAffine(transform, t), p) < tolerance);
    const refit = fit(inliers);
    if (!refit) continue;
    const error = rms(inliers, refit);
    if (
      !best ||
      inliers.length > best.pairs.length ||
      (inliers.length === best.pairs.length && error < best.error)
    ) {
      best = { pairs: inliers, transform: refit, error };
    }
  }
  if (!best || best.pairs.length < Math.max(6, total * 0.5)) {
    throw new RegistrationError(
      `timing marks do not match the template (${best?.pairs.length ?? 0} of ${total} matched)`,
    );
  }
  return { transform: best.transform, matched: best.pairs.length, total, residual: best.error };
}

/** Pairings of left and right marks shifted by up to three, the smallest shifts first. */
const SHIFTS: [number, number][] = [];
for (let dl = -3; dl <= 3; dl += 1) for (let dr = -3; dr <= 3; dr += 1) SHIFTS.push([dl, dr]);
SHIFTS.sort((p, q) => Math.abs(p[0]) + Math.abs(p[1]) - (Math.abs(q[0]) + Math.abs(q[1])));

function shifted(from: Point[], to: Point[], shift: number): [Point, Point][] {
  const pairs: [Point, Point][] = [];
  from.forEach((p, i) => {
    const q = to[i + shift];
    if (q) pairs.push([p, q]);
  });
  return pairs;
}

function fit(pairs: [Point, Point][]): Affine | null {
  return fitAffine(
    pairs.map(([t]) => t),
    pairs.map(([, p]) => p),
  );
}

const distance = (p: Point, q: Point): number => Math.hypot(p.x - q.x, p.y - q.y);

function rms(pairs: [Point, Point][], t: Affine): number {
  const sum = pairs.reduce((s, [a, b]) => s + distance(applyAffine(t, a), b) ** 2, 0);
  return Math.sqrt(sum / Math.max(1, pairs.length));
}
