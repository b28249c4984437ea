import { describeAffine, fitAffine, applyAffine, type Affine, type Point } from './affine.js';
import { findAnchors, type Anchors } from './anchors.js';
import type { GreyImage } from './grey.js';
import { locateTarget } from './measure.js';
import { registerMarks, RegistrationError, type Registration } from './register.js';
import { findTargets, type TemplateTarget } from './targets.js';
import { estimateDpi } from './grey.js';
import { pageThumbnail, thumbnailDistance, type Thumbnail } from './thumbnail.js';
import { findTimingMarks, type TimingMarks } from './timing.js';

/** What a page is registered on: a template, or an exemplar that others are laid on. */
export interface RegistrationFrame {
  marks: TimingMarks;
  /** Frame, corner-mark or content corners, for a layout without timing marks. */
  anchors?: Anchors;
  targets: TemplateTarget[];
  dpi: number;
  /**
   * A template's print and its ink map: where the targets' outlines cannot tell a page's way
   * up, the print does (see `byPrint`). A reference page's own frame has neither.
   */
  image?: GreyImage;
  thumbnail?: Thumbnail;
}

/** Timing marks down both edges: the fast path, where a style has them. */
export const hasTimingMarks = (marks: TimingMarks): boolean =>
  marks.left.length >= 3 && marks.right.length >= 3;

/** A target's outline counts as found where its ink share beats the ring's by this much. */
const FOUND = 0.35;

/**
 * Registers a page on a template or reference page. Timing marks where the reference has them
 * (upright or turned 180°, told by the targets' outlines: see `onTimingMarks`); otherwise the page's anchors of the same kind are paired with the reference's, upright and
 * turned 180° (a sheet fed upside down), and the transform is refined on the targets' printed
 * outlines, which also says how many of them were found. A page on which fewer than half the
 * targets are found is not registered. Where a frame has fewer than 3 targets, both ways fit
 * alike and the print decides (`byPrint`).
 */
export function registerOn(
  frame: RegistrationFrame,
  page: GreyImage,
  marks?: TimingMarks,
): Registration {
  if (hasTimingMarks(frame.marks))
    return onTimingMarks(frame, page, marks ?? findTimingMarks(page));
  if (!frame.anchors)
    throw new RegistrationError(
      'the template has neither timing marks nor a frame or corner marks to register on',
    );
  const found = findAnchors(page, frame.anchors.kind);
  if (!found)
    throw new RegistrationError(`no ${describeKind(frame.anchors.kind)} found on the page`);
  const from = frame.anchors.points;
  const to = found.points;
  const expected = estimateDpi(page) / frame.dpi;
  // Corner marks print alike either way up, and a target or two (a one-measure card) fit as well
  // turned as upright: both fits are tried, and where both fit the print decides, as on timing
  // marks (`onTimingMarks`).
  const fewTargets = frame.targets.length < 3 ? frame.thumbnail : undefined;
  const fits: Registration[] = [];
  let best: Registration | undefined;
  for (const turn of [0, 2]) {
    const pairedTo = to.map((_, i) => to[(i + turn) % 4] as Point);
    const coarse = fitAffine(from, pairedTo);
    if (!coarse || !plausible(coarse, expected)) continue;
    const anchorPairs = from.map((p, i): [Point, Point] => [p, pairedTo[i] as Point]);
    const refined = refineOnTargets(frame, page, coarse, anchorPairs);
    fits.push(refined);
    if (
      !best ||
      refined.matched > best.matched ||
      (refined.matched === best.matched && refined.residual < best.residual)
    )
      best = refined;
    if (!fewTargets && best.matched >= best.total * 0.8) break;
  }
  if (!best || best.matched < Math.max(3, best.total * 0.5))
    throw new RegistrationError(
      `the page does not fit the template: ${best?.matched ?? 0} of ${best?.total ?? frame.targets.length} targets found`,
    );
  const [upright, turned] = fits;
  if (fewTargets && upright && turned && upright.matched === turned.matched)
    return byPrint(frame, fewTargets, page, upright, turned);
  return best;
}

/**
 * The fits a page's anchors alone give on a frame laid on anchors, upright and turned 180°
 * (both, where the anchors cannot tell: corner marks print alike), with no target looked for;
 * none on a frame with timing marks or where the page shows no such anchors. For measuring how
 * far another style's sheet, whose targets lie elsewhere, comes from a style's print.
 */
export function anchorFits(frame: RegistrationFrame, page: GreyImage): Affine[] {
  if (hasTimingMarks(frame.marks) || !frame.anchors) return [];
  const found = findAnchors(page, frame.anchors.kind);
  if (!found) return [];
  const expected = estimateDpi(page) / frame.dpi;
  const fits: Affine[] = [];
  for (const turn of [0, 2]) {
    const pairedTo = found.points.map((_, i) => found.points[(i + turn) % 4] as Point);
    const coarse = fitAffine(frame.anchors.points, pairedTo);
    if (coarse && plausible(coarse, expected)) fits.push(coarse);
  }
  return fits;
}

/**
 * Registers on both edges' timing marks, upright or turned 180°. A sheet fed upside down shows
 * the same two columns, each edge's on the other side: marks spaced alike from top and bottom
 * pair up as a mere shift, and the targets would be read where the page has none. So the
 * upright fit must show the targets' outlines where it puts them; where most are missing, the
 * page is laid on its marks turned, and the fit that shows more outlines wins. Where they tie,
 * or the targets print none a page can show (a drop-out ink), the print decides (`byPrint`).
 */
function onTimingMarks(
  frame: RegistrationFrame,
  page: GreyImage,
  marks: TimingMarks,
): Registration {
  // In the page's pixels: a page scanned at another resolution than the template's.
  const tolerance = estimateDpi(page) * 0.08;
  let upright: Registration | undefined;
  let failure: unknown;
  try {
    upright = registerMarks(frame.marks, marks, tolerance);
  } catch (error) {
    if (!(error instanceof RegistrationError)) throw error;
    failure = error;
  }
  const outlines = frame.targets.length >= 3 && outlinesPrinted(frame);
  // Nothing to look for and no print to compare (a reference page's own frame).
  if (!outlines && !frame.thumbnail && upright) return upright;
  const tried = Math.min(SAMPLED_OUTLINES, frame.targets.length);
  const half = Math.ceil(tried / 2);
  const uprightSeen = outlines && upright ? outlinesSeen(frame, page, upright.transform, half) : 0;
  if (outlines && upright && uprightSeen >= half) return upright;
  let turned: Registration | undefined;
  try {
    const back = turnedMarks(marks, page);
    const fit = registerMarks(frame.marks, back, tolerance);
    turned = { ...fit, transform: turnBack(fit.transform, page) };
  } catch (error) {
    if (!(error instanceof RegistrationError)) throw error;
  }
  if (!upright || !turned) {
    if (turned) return turned;
    if (upright) return upright;
    throw failure;
  }
  if (outlines) {
    const turnedSeen = outlinesSeen(frame, page, turned.transform);
    if (turnedSeen !== uprightSeen) return turnedSeen > uprightSeen ? turned : upright;
  }
  // The outlines tie (none seen either way), or the style prints none the reader can see
  // (a drop-out ink, a map drawn on a bare exemplar): a voter's mark or a word under one fit
  // would decide by chance. The print does; a frame with none to compare keeps the upright.
  return frame.thumbnail ? byPrint(frame, frame.thumbnail, page, upright, turned) : upright;
}

/**
 * A page's ink this much nearer its template's through one fit than through the other tells
 * which way up it was fed: turned 180°, a page's print lies over the template's margins, gaps
 * and other columns, and its ink map differs from the template's in most printed cells, while
 * the right fit differs only by the voters' marks and the scan's noise.
 */
const PRINT_MARGIN = 0.75;

/**
 * A template's cells that hold print (the ink map's cells darker than a faint grey), kept;
 * undefined where it prints none so dark (the whole map is compared then).
 */
function printedCells(template: Thumbnail): Uint8Array | undefined {
  if (!printedOf.has(template)) {
    const cells = Uint8Array.from(template.ink, (v) => +(v > 0.2));
    printedOf.set(template, cells.includes(1) ? cells : undefined);
  }
  return printedOf.get(template);
}

const printedOf = new WeakMap<Thumbnail, Uint8Array | undefined>();

/** The fit through which the page's print is clearly nearer the template's, else an error. */
function byPrint(
  frame: RegistrationFrame,
  template: Thumbnail,
  page: GreyImage,
  upright: Registration,
  turned: Registration,
): Registration {
  // Over the template's printed cells only: a greyscale scan's paper reads as a little ink
  // everywhere, and on a sparse card that grey outweighs the print itself.
  const cells = printedCells(template);
  const size = frame.image ?? {
    width: template.width * template.step,
    height: template.height * template.step,
  };
  const [up, down] = [upright, turned].map((r) =>
    thumbnailDistance(template, pageThumbnail(page, r.transform, size), cells),
  ) as [number, number];
  if (down < up * PRINT_MARGIN) return turned;
  if (up < down * PRINT_MARGIN) return upright;
  throw new RegistrationError(
    `the page's way up cannot be told: its targets' outlines do not say, and its print is as near the template's upright as turned 180° (${up.toFixed(3)} and ${down.toFixed(3)})`,
  );
}

/**
 * Whether most of the targets looked at for outlines (see `outlinesSeen`) have one printed:
 * not on a map a person drew on an exemplar showing none (a drop-out ink). Looked at once per
 * frame.
 */
function outlinesPrinted(frame: RegistrationFrame): boolean {
  let known = printedOutlines.get(frame);
  if (known === undefined) {
    const { targets } = frame;
    const step = Math.max(1, Math.floor(targets.length / SAMPLED_OUTLINES));
    let sampled = 0;
    let printed = 0;
    for (let i = 0; i < targets.length && sampled < SAMPLED_OUTLINES; i += step, sampled += 1)
      if (!targets[i]?.isUnprinted) printed += 1;
    known = printed >= Math.ceil(sampled / 2);
    printedOutlines.set(frame, known);
  }
  return known;
}

const printedOutlines = new WeakMap<RegistrationFrame, boolean>();

/** Targets looked for to tell an upright fit from a page fed upside down. */
const SAMPLED_OUTLINES = 8;

/**
 * How many of a few targets spread over the page show their outline where `t` puts them; the
 * count stops at `enough` (an upright fit that shows half of them needs no more looking).
 */
function outlinesSeen(
  frame: RegistrationFrame,
  page: GreyImage,
  t: Affine,
  enough = Infinity,
): number {
  const { targets } = frame;
  const step = Math.max(1, Math.floor(targets.length / SAMPLED_OUTLINES));
  const window = Math.max(2, Math.round(estimateDpi(page) * 0.03));
  let seen = 0;
  for (
    let i = 0, n = 0;
    i < targets.length && n < SAMPLED_OUTLINES && seen < enough;
    i += step, n += 1
  ) {
    const target = targets[i] as TemplateTarget;
    if (locateTarget(page, target, t, window, true).score >= FOUND) seen += 1;
  }
  return seen;
}

/** A page's timing marks as they lie once the page is turned 180°: edges and order swapped. */
function turnedMarks(marks: TimingMarks, page: GreyImage): TimingMarks {
  const turn = (p: Point): Point => ({ x: page.width - 1 - p.x, y: page.height - 1 - p.y });
  return { left: marks.right.map(turn).reverse(), right: marks.left.map(turn).reverse() };
}

/** A fit onto the page turned 180°, as a fit onto the page as scanned. */
function turnBack(t: Affine, page: GreyImage): Affine {
  return {
    a: -t.a,
    b: -t.b,
    c: page.width - 1 - t.c,
    d: -t.d,
    e: -t.e,
    f: page.height - 1 - t.f,
  };
}

const describeKind = (kind: Anchors['kind']): string =>
  kind === 'frame' ? 'printed frame' : kind === 'corner-marks' ? 'corner marks' : 'printing';

/**
 * Scans are within a few degrees of square, and their scale is within 1.5× of `expected`, the
 * page's resolution over the template's (a 150 dpi sheet on a 300 dpi template: 0.5).
 */
function plausible(t: Affine, expected: number): boolean {
  const { scale } = describeAffine(t);
  const shear = Math.abs(t.a * t.b + t.d * t.e) / (scale * scale);
  const ratio = scale / expected;
  return ratio > 0.66 && ratio < 1.5 && shear < 0.05;
}

/**
 * Finds each target's printed outline near where the coarse transform puts it and fits the
 * transform to those found, dropping the ones that disagree; a second, narrow search on the
 * refined transform counts the targets found where the template says.
 */
function refineOnTargets(
  frame: RegistrationFrame,
  page: GreyImage,
  coarse: Affine,
  anchors: [Point, Point][],
): Registration {
  const targets = frame.targets;
  if (targets.length < 3) return { transform: coarse, matched: 4, total: 4, residual: 0 };
  const scale = describeAffine(coarse).scale;
  const expected = estimateDpi(page) / frame.dpi;
  const wide = Math.max(4, Math.round(frame.dpi * scale * 0.07));
  const near = Math.max(3, Math.round(frame.dpi * scale * 0.025));
  const tolerance = Math.max(2, frame.dpi * scale * 0.012);
  // A search on a dozen targets spread over the page, then a narrow one on all of them.
  const every = Math.max(1, Math.floor(targets.length / 12));
  const spread = targets.filter((_, i) => i % every === 0);
  let pairs = near < wide ? locate(spread, page, coarse, near) : [];
  if (!coarseHolds(pairs, coarse, anchors, near, tolerance)) {
    // The coarse fit may be off by more than the near search reaches. Where a few targets
    // spread over the page show no outline even that far, the page does not show this
    // template's targets (another style's sheet, or the sheet the other way up).
    const probe = spread.filter((_, i) => i % Math.max(1, Math.floor(spread.length / 4)) === 0);
    const probed = pairs.length > 0 ? [] : locate(probe, page, coarse, wide);
    pairs =
      pairs.length === 0 && probed.length === 0 && probe.length >= 3
        ? []
        : locate(spread, page, coarse, wide);
  }
  let transform = coarse;
  // The anchors join every fit: targets in one column alone would leave the other axis free.
  const fitWith = (found: [Point, Point][]): Affine | undefined => {
    const t = fit([...found, ...anchors]);
    return t && plausible(t, expected) ? t : undefined;
  };
  for (let round = 0; round < 3 && pairs.length >= 1; round += 1) {
    const fitted = fitWith(pairs);
    if (!fitted) break;
    transform = fitted;
    const kept = pairs.filter(([t, p]) => distance(applyAffine(transform, t), p) <= tolerance * 2);
    if (kept.length === pairs.length || kept.length < 1) break;
    pairs = kept;
  }
  const narrow = Math.max(2, Math.round(tolerance));
  const final = locate(targets, page, transform, narrow);
  const refit = final.length >= 1 ? fitWith(final) : undefined;
  if (refit) transform = refit;
  const residual = Math.sqrt(
    final.reduce((s, [t, p]) => s + distance(applyAffine(transform, t), p) ** 2, 0) /
      Math.max(1, final.length),
  );
  return { transform, matched: final.length, total: targets.length, residual };
}

/**
 * Whether the coarse fit needs no wider search: the anchors agree with one fit, and every
 * outline the near search found lies well inside its window (one at its edge may lie beyond),
 * so that a target not found there is not where this template puts it.
 */
function coarseHolds(
  pairs: [Point, Point][],
  coarse: Affine,
  anchors: [Point, Point][],
  near: number,
  tolerance: number,
): boolean {
  if (pairs.length === 0) return false;
  const fitted = anchors.every(([t, p]) => distance(applyAffine(coarse, t), p) <= tolerance);
  // Measured as the search window is, along each axis.
  const inside = pairs.every(([t, p]) => {
    const e = applyAffine(coarse, t);
    return Math.max(Math.abs(Math.round(e.x) - p.x), Math.abs(Math.round(e.y) - p.y)) <= near - 2;
  });
  return fitted && inside;
}

function locate(
  targets: TemplateTarget[],
  page: GreyImage,
  transform: Affine,
  window: number,
): [Point, Point][] {
  const pairs: [Point, Point][] = [];
  for (const t of targets) {
    const found = locateTarget(page, t, transform, window);
    if (found.score >= FOUND)
      pairs.push([
        { x: Math.round(t.cx), y: Math.round(t.cy) },
        { x: found.x, y: found.y },
      ]);
  }
  return pairs;
}

function fit(pairs: [Point, Point][]): Affine | undefined {
  return (
    fitAffine(
      pairs.map(([t]) => t),
      pairs.map(([, p]) => p),
    ) ?? undefined
  );
}

const distance = (p: Point, q: Point): number => Math.hypot(p.x - q.x, p.y - q.y);

/**
 * A page as a reference for others to be laid on (the first exemplar of a style): its timing
 * marks or else its anchors, and the target outlines it shows (left out with `withTargets`
 * false, where pages of other styles are laid on it). Undefined when it has neither.
 */
export function frameOf(page: GreyImage, withTargets = true): RegistrationFrame | undefined {
  const dpi = estimateDpi(page);
  const marks = findTimingMarks(page);
  // Its targets' outlines tell a sheet of the style fed upside down (see `onTimingMarks`).
  const targets = (): TemplateTarget[] => (withTargets ? findTargets(page) : []);
  if (hasTimingMarks(marks)) return { marks, targets: targets(), dpi };
  const anchors = findAnchors(page);
  if (!anchors) return undefined;
  return { marks: { left: [], right: [] }, anchors, targets: targets(), dpi };
}
