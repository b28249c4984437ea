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
 * column, and further where the page's column is shorter than the template's (a long card fed
 * skewed loses the marks at one end of each edge past the scan's border); the one with most
 * inliers wins and is refitted on its inliers alone.
 *
 * Two straight columns fix a transform only up to a shear: a pairing that puts one column a
 * mark or more out of step with the other fits both exactly, with the page's rows slanting by
 * a pitch across it, and would read every target a row off. Scans are not sheared, so a fit
 * slanting its rows by half a pitch or more across the columns is no registration.
 */
export function registerMarks(
  template: TimingMarks,
  page: TimingMarks,
  tolerance: number,
): Registration {
  let best: { pairs: [Point, Point][]; transform: Affine; error: number } | null = null;
  const total = template.left.length + template.right.length;
  const maxShear = shearLimit(template);
  // Shifts nearest to none first: once every template mark pairs up, no shift can do better.
  for (const [dl, dr] of shifts(
    Math.max(0, template.left.length - page.left.length),
    Math.max(0, template.right.length - page.right.length),
  )) {
    if (best?.pairs.length === total) break;
    const pairs = [
      ...shifted(template.left, page.left, dl),
      ...shifted(template.right, page.right, dr),
    ];
    const transform = fit(pairs);
    if (!transform) continue;
    const inliers = pairs.filter(([t, p]) => distance(applyAffine(transform, t), p) < tolerance);
    const refit = fit(inliers);
    if (!refit || shearOf(refit) > maxShear) continue;
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

/**
 * Pairings of left and right marks shifted by up to three, and by up to as many more as the
 * page's column lacks of the template's, the smallest shifts first.
 */
function shifts(lackLeft: number, lackRight: number): [number, number][] {
  const key = `${lackLeft},${lackRight}`;
  const cached = SHIFTS.get(key);
  if (cached) return cached;
  const list: [number, number][] = [];
  for (let dl = -3 - lackLeft; dl <= 3 + lackLeft; dl += 1)
    for (let dr = -3 - lackRight; dr <= 3 + lackRight; dr += 1) list.push([dl, dr]);
  list.sort((p, q) => Math.abs(p[0]) + Math.abs(p[1]) - (Math.abs(q[0]) + Math.abs(q[1])));
  SHIFTS.set(key, list);
  return list;
}

const SHIFTS = new Map<string, [number, number][]>();

/**
 * How far a transform's rows slant from square to its columns: the cosine of the angle between
 * the images of the template's x and y axes (0 for any turn and scale).
 */
function shearOf(t: Affine): number {
  const across = Math.hypot(t.a, t.d);
  const down = Math.hypot(t.b, t.e);
  return Math.abs(t.a * t.b + t.d * t.e) / Math.max(1e-9, across * down);
}

/**
 * The most shear a registration may show: half what pairing the columns one mark out of step
 * gives (the marks' pitch over the distance between the columns).
 */
function shearLimit(template: TimingMarks): number {
  const pitch = (column: Point[]): number => {
    const steps = column.slice(1).map((p, i) => p.y - (column[i] as Point).y);
    return steps.sort((a, b) => a - b)[Math.floor(steps.length / 2)] ?? 0;
  };
  const x = (column: Point[]): number => column.reduce((s, p) => s + p.x, 0) / column.length;
  const apart = Math.abs(x(template.right) - x(template.left));
  const step = Math.min(pitch(template.left), pitch(template.right));
  return apart > 0 && step > 0 ? (0.5 * step) / apart : Infinity;
}

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
