import { IDENTITY } from './affine.js';
import { estimateDpi, type GreyImage } from './grey.js';
import { measureTarget } from './measure.js';
import { completedArrowCandidates, findVotingTargets } from './arrows.js';
import { loneCandidates, markedCandidates } from './marked.js';
import { COLUMN_X, likeSibling } from './printed-insides.js';
import { orderByColumn } from './targets.js';
import type { TargetSpec, TemplateTarget } from './targets.js';
import type { Region } from './components.js';
import type { Point } from './affine.js';
import { findTimingMarks, type TimingMarks } from './timing.js';
import { findAnchors, type Anchors } from './anchors.js';
import { hasTimingMarks } from './registration.js';
import type { StyleFit } from './match.js';
import { thumbnail, type Thumbnail } from './thumbnail.js';

/** What a target means: the contest and option it votes for. */
export interface TargetMeaning {
  contestId: string;
  optionId: string;
}

/** A contest as the reader needs it; voteFor 0 means unknown, so no overvote is judged. */
export interface TemplateContest {
  id: string;
  voteFor: number;
}

/** One ballot style: its clean image, timing marks, and targets with their meaning. */
export interface Template {
  id: string;
  image: GreyImage;
  dpi: number;
  marks: TimingMarks;
  /** Where the style has no timing marks: the frame, corner marks or printing registered on. */
  anchors?: Anchors;
  targets: TemplateTarget[];
  meanings: TargetMeaning[];
  contests: TemplateContest[];
  thumbnail: Thumbnail;
  /**
   * Ink maps of a few of the style's own sheets in the template's frame. A page is told from
   * other styles best against sheets printed like it: the combined template's lines are bolder.
   */
  samples?: Thumbnail[];
  /** How a page is known to be of this style at one look (gentemplates measures it). */
  fit?: StyleFit;
  /** For a side after the front: the style it belongs to and the side, from 2. */
  sideOf?: { style: string; side: number };
  /**
   * Targets (by index) whose inside held ink that the few exemplars combined could not tell
   * from print, taken as their printed shape's inside with no print in it (see `TELLING`).
   */
  printedInsides?: number[];
}

export interface TemplateOptions {
  id: string;
  /** Target shape and size from the election file or the JOB file. */
  targetSpec?: TargetSpec;
  /** Meaning of each target in layout order (column, then top to bottom), from the EIF. */
  meanings?: TargetMeaning[];
  contests?: TemplateContest[];
  /**
   * Without `meanings`: the meanings for the count of targets found, or undefined when that
   * count fits no run of the election's contests (one side of a sheet holds some of them).
   */
  meaningsFor?: (
    targets: number,
  ) => { meanings: TargetMeaning[]; contests: TemplateContest[] } | undefined;
  /** How many exemplars the page combines, where it combines any (see `TELLING`). */
  exemplars?: number;
}

/**
 * Exemplars a combined page needs before ink inside a target that other ink runs over is taken
 * for print. Combining keeps the ink most exemplars share: from three on, a voter's mark is on
 * one sheet in three at most and drops out, while print stays. From one or two, a voter's X or
 * tick stays on the page, and the target finder took the box for one printed over (a SAMPLE
 * word's), its inside the paper round the strokes: every later mark along them read blank.
 */
const TELLING = 3;

/** Raised when the targets found do not fit the election definition. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

/**
 * Builds a template from a blank (or combined exemplar) page. Without meanings, targets are
 * grouped into contests by the wide gaps between them in a column, and their vote-for is unknown.
 */
export function buildTemplate(image: GreyImage, options: TemplateOptions): Template {
  const found = findTimingMarks(image);
  const timing = hasTimingMarks(found);
  const marks = timing ? found : { left: [], right: [] };
  const anchors = timing ? undefined : findAnchors(image);
  const within = anchors?.kind === 'frame' ? boxOf(anchors.points) : undefined;
  let onPage = findVotingTargets(image, { within, spec: options.targetSpec });
  // Too few exemplars to tell print from a voter's marks inside a target: its inside is the
  // printed shape's, and the ink there is not print (a mark read as print is silently wrong).
  const takenInside: { cx: number; cy: number }[] = [];
  if (options.exemplars !== undefined && options.exemplars < TELLING) {
    const all = onPage;
    onPage = onPage.map((t) => {
      const inside = t.isOverprinted ? printedInside(t, all, estimateDpi(image)) : undefined;
      if (inside) takenInside.push(inside);
      return inside ?? t;
    });
  }
  let targets = onPage.map((t) => ({
    ...t,
    // A target solid on the template was marked on every exemplar: its inside is paper.
    templateInk: t.isSolid ? 0 : measureTarget(image, t, IDENTITY, 0).fill,
  }));
  if (!timing && !anchors)
    throw new TemplateError(
      `style ${options.id}: no timing marks on both edges, and no frame, corner marks or printing to register on`,
    );
  let meanings = options.meanings;
  let contests = options.contests;
  const corners = anchors?.kind === 'corner-marks' ? anchors.points : [];
  const printed = { within, marks: [...marks.left, ...marks.right, ...corners] };
  if (!meanings && options.meaningsFor) {
    const chosen = options.meaningsFor(targets.length);
    // Targets every exemplar marked, where the page shows no printed neighbour to place them by.
    const marked =
      chosen && sameRuns(targets, chosen.meanings)
        ? undefined
        : withMarkedTargets(image, targets, printed, options.meaningsFor);
    if (marked) ({ targets, meanings, contests } = marked);
    else if (chosen) ({ meanings, contests } = chosen);
    else
      throw new TemplateError(
        `style ${options.id}: found ${targets.length} targets, which fit no run of the contests left for this side`,
      );
  } else if (meanings && meanings.length > targets.length) {
    const want = meanings;
    const marked = withMarkedTargets(image, targets, printed, (count) =>
      count === want.length ? { meanings: want } : undefined,
    );
    if (marked) targets = marked.targets;
  }
  if (meanings && meanings.length < targets.length)
    targets = withoutSurplus(targets, meanings) ?? targets;
  if (meanings) {
    if (meanings.length !== targets.length) {
      throw new TemplateError(
        `style ${options.id}: found ${targets.length} targets, the election defines ${meanings.length}`,
      );
    }
  } else {
    meanings = groupByGaps(targets);
    contests = [...new Set(meanings.map((m) => m.contestId))].map((id) => ({ id, voteFor: 0 }));
  }
  const dpi = estimateDpi(image);
  return {
    id: options.id,
    image,
    dpi,
    marks,
    ...(anchors ? { anchors } : {}),
    targets,
    meanings,
    contests: contests ?? [],
    thumbnail: thumbnail(image),
    ...(takenInside.length > 0
      ? {
          printedInsides: targets.flatMap((t, i) =>
            takenInside.some((p) => p.cx === t.cx && p.cy === t.cy) ? [i] : [],
          ),
        }
      : {}),
  };
}

/**
 * The target with the shape of the nearest target of its size that nothing runs over (in its
 * column first), solid as a target every exemplar marked is (no print inside), keeping its place
 * in the order; undefined where no such target is.
 */
function printedInside(
  t: TemplateTarget,
  all: TemplateTarget[],
  dpi: number,
): TemplateTarget | undefined {
  const clean = all.filter(
    (u) =>
      !u.isSolid &&
      !u.isOverprinted &&
      !u.isObscured &&
      u.kind === t.kind &&
      Math.abs(u.width - t.width) <= t.width * 0.2 &&
      Math.abs(u.height - t.height) <= t.height * 0.2,
  );
  const sibling = clean.sort(
    (p, q) =>
      Number(Math.abs(p.cx - t.cx) >= dpi * COLUMN_X) -
        Number(Math.abs(q.cx - t.cx) >= dpi * COLUMN_X) ||
      Math.hypot(p.cx - t.cx, p.cy - t.cy) - Math.hypot(q.cx - t.cx, q.cy - t.cy),
  )[0];
  return sibling
    ? { ...likeSibling(sibling, t.cx, t.cy), index: t.index, column: t.column }
    : undefined;
}

/**
 * Under a dense tint the overprint finder can take a place one pitch past a column's last
 * target for one; such a place is obscured (no paper to read a mark on, so it would be read gray
 * on every sheet) and cannot be told from a real one by its ink. Likewise a filled example oval
 * in the instructions, printed in line with a column of targets (Dominion prints it at the
 * column's left, where the ovals are), is taken for a target every exemplar marked. Where the
 * election names fewer targets than were found, obscured and solid ones are left out when
 * exactly one way of leaving them out groups the rest, gap by gap, into the contests' option
 * counts in their order.
 */
function withoutSurplus(
  targets: TemplateTarget[],
  meanings: TargetMeaning[],
): TemplateTarget[] | undefined {
  const surplus = targets.length - meanings.length;
  const obscured = targets.filter((t) => t.isObscured || t.isSolid);
  if (surplus > 2 || obscured.length < surplus || obscured.length > 16) return undefined;
  const fits: TemplateTarget[][] = [];
  for (const drop of subsets(obscured, surplus)) {
    const kept = targets.filter((t) => !drop.includes(t)).map((t, index) => ({ ...t, index }));
    if (sameRuns(kept, meanings)) fits.push(kept);
  }
  return fits.length === 1 ? fits[0] : undefined;
}

/** Whether the targets, grouped into contests by their gaps, give the meanings' option counts. */
function sameRuns(targets: TemplateTarget[], meanings: TargetMeaning[]): boolean {
  return (
    runLengths(groupByGaps(targets).map((m) => m.contestId)).join(',') ===
    runLengths(meanings.map((m) => m.contestId)).join(',')
  );
}

/** Ways of choosing more blobs than this are not tried: the page is too unclear to settle. */
const MAX_CHOICES = 2000;

/**
 * A target that every exemplar marked and that has no printed target one option's pitch away
 * (the one option of an unopposed race or a yes-only measure, or a column whose every option
 * was marked) is a blob of ink on the combined page that `findTargets` cannot place. The
 * election's option counts can: where the side needs more targets than were found, blobs of
 * the targets' size and ink in a column with other targets (see `markedCandidates`; for arrows,
 * `completedArrowCandidates`) are added when exactly one choice of them, as many as are
 * missing, groups with the targets found, gap by gap, into the contests' option counts in their
 * order. Failing that, where one target is missing, a blob with nothing in line with it that
 * has the printed targets' own shape and size (see `loneCandidates`) is added when exactly one
 * such blob, put in reading order (column, then top to bottom), falls where the missing contest
 * lies: after the previous contest's targets and before the next one's, the option counts in
 * order. Undefined when none or several do: the style then waits for a person's mapping.
 */
function withMarkedTargets(
  image: GreyImage,
  targets: TemplateTarget[],
  printed: { within?: Region; marks: Point[] },
  need: (count: number) => { meanings: TargetMeaning[]; contests?: TemplateContest[] } | undefined,
):
  | { targets: TemplateTarget[]; meanings: TargetMeaning[]; contests?: TemplateContest[] }
  | undefined {
  const { aligned: candidates, lone } = targets.some((t) => t.kind === 'arrow')
    ? completedArrowCandidates(image, targets, printed.within)
    : {
        aligned: markedCandidates(image, targets, printed.within, printed.marks),
        lone: loneCandidates(image, targets, printed.within, printed.marks),
      };
  const dpi = estimateDpi(image);
  for (let k = 1; k <= candidates.length; k += 1) {
    const chosen = need(targets.length + k);
    if (!chosen) continue;
    if (choices(candidates.length, k) > MAX_CHOICES) return undefined;
    const fits: TemplateTarget[][] = [];
    for (const extra of subsets(candidates, k)) {
      const all = orderByColumn([...targets, ...extra], dpi * 0.4);
      if (sameRuns(all, chosen.meanings)) fits.push(all);
      if (fits.length > 1) return undefined;
    }
    const [fit] = fits;
    if (fit) return { targets: fit, ...chosen };
  }
  const chosen = need(targets.length + 1);
  if (!chosen) return undefined;
  const fits = lone
    .map((t) => orderByColumn([...targets, t], dpi * 0.4))
    .filter((all) => sameRuns(all, chosen.meanings));
  const [fit] = fits;
  return fit && fits.length === 1 ? { targets: fit, ...chosen } : undefined;
}

/** n choose k. */
function choices(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i += 1) c = (c * (n - i)) / (i + 1);
  return c;
}

/** Every choice of k items of a list, in order. */
function* subsets<T>(items: T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i += 1)
    for (const rest of subsets(items, k - 1, i + 1)) yield [items[i] as T, ...rest];
}

/** Lengths of the runs of equal neighbours. */
export function runLengths(ids: string[]): number[] {
  const runs: number[] = [];
  ids.forEach((id, i) => {
    if (i > 0 && ids[i - 1] === id) runs[runs.length - 1] = (runs.at(-1) ?? 0) + 1;
    else runs.push(1);
  });
  return runs;
}

/**
 * Contests by position: targets in a column a wide gap apart (more than 1.6 times the usual
 * step from one option to the next) or in another column start a new one.
 */
export function groupByGaps(targets: TemplateTarget[]): TargetMeaning[] {
  const steps = targets
    .slice(1)
    .flatMap((t, i) => (targets[i]?.column === t.column ? [t.cy - (targets[i]?.cy ?? 0)] : []))
    .sort((p, q) => p - q);
  const usual = steps[Math.floor(steps.length / 4)] ?? Infinity;
  let contest = 0;
  return targets.map((t, i) => {
    const previous = targets[i - 1];
    if (previous && (previous.column !== t.column || t.cy - previous.cy > usual * 1.6))
      contest += 1;
    return { contestId: `contest-${contest + 1}`, optionId: `target-${t.index + 1}` };
  });
}

/** The box round a frame's corners, a little inside, so that the frame's own lines are out. */
function boxOf(points: Point[]): { x0: number; y0: number; x1: number; y1: number } {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    x0: Math.floor(Math.min(...xs)),
    y0: Math.floor(Math.min(...ys)),
    x1: Math.ceil(Math.max(...xs)),
    y1: Math.ceil(Math.max(...ys)),
  };
}
