import { boxHeight, boxWidth, fillRatio, findComponents } from './components.js';
import type { Component, Region } from './components.js';
import { estimateDpi, isInk, type GreyImage } from './grey.js';
import { findOverprinted } from './overprinted.js';
import { COLUMN_X, likeSibling, withPrintedInsides } from './printed-insides.js';
import { shapeOf, type TargetShape } from './shape.js';

/** A voting target found on a template, numbered in reading order from 0. */
export interface TemplateTarget {
  index: number;
  /** Column from 0, left to right. */
  column: number;
  x0: number;
  y0: number;
  width: number;
  height: number;
  cx: number;
  cy: number;
  shape: TargetShape;
  /** Share of the interior already inked on the template (printing inside the oval). */
  templateInk: number;
  /** Solid on the template: marked on every exemplar, its outline taken from a neighbour. */
  isSolid?: boolean;
  /**
   * A box a person drew where the template shows no printed outline (a target in a drop-out
   * ink): no page shows one there either, so it cannot tell which way up a page lies.
   */
  isUnprinted?: boolean;
  /**
   * Printed over by other ink on the template (a SAMPLE word, a watermark): found by the shape
   * of the style's other targets; its inside is the paper that print left clear.
   */
  isOverprinted?: boolean;
  /**
   * Printed over so densely that no clear paper is left inside it: a mark cannot be told from
   * the print, and every ballot's reading of it is gray, for a person to decide.
   */
  isObscured?: boolean;
  /**
   * A broken arrow (see `arrows.ts`): its interior is the band across the gap, and its fill the
   * share of the gap's columns a line crosses, not the share of pixels inked.
   */
  kind?: 'arrow';
}

/**
 * Size of a target in inches: from the small ovals of ES&S and Dominion (0.15 × 0.1) to Hart's
 * boxes (0.34 × 0.18) and wider.
 */
const LIMITS = { minW: 0.09, maxW: 0.5, minH: 0.05, maxH: 0.3, minAspect: 0.8, maxAspect: 2.8 };
/** Below this aspect a target is box-like, and must be thin-lined to tell it from a bold "O". */
const SQUARE = 1.15;

function looksLikeTarget(c: Component, dpi: number): boolean {
  const w = boxWidth(c) / dpi;
  const h = boxHeight(c) / dpi;
  const aspect = w / h;
  return (
    w >= LIMITS.minW &&
    w <= LIMITS.maxW &&
    h >= LIMITS.minH &&
    h <= LIMITS.maxH &&
    aspect >= LIMITS.minAspect &&
    aspect <= LIMITS.maxAspect &&
    fillRatio(c) < (aspect < SQUARE ? 0.5 : 0.7)
  );
}

/** Share of the box that the target's inside must cover: most of it for a square box. */
const insideShare = (c: Component): number => (boxWidth(c) / boxHeight(c) < SQUARE ? 0.35 : 0.25);

/** What the election file or the JOB file says of the targets, when it says anything. */
export interface TargetSpec {
  shape?: 'oval' | 'box' | 'arrow';
  /** Printed size in inches. */
  width?: number;
  height?: number;
}

export interface FindTargetsOptions {
  /** Targets lie inside this region (a Hart frame): digits of a barcode number do not. */
  within?: Region;
  spec?: TargetSpec;
}

export type Found = Omit<TemplateTarget, 'index' | 'column'>;

/**
 * Finds oval and box outlines (ink blobs of target size that enclose paper) and orders them by
 * column, then top to bottom, which is the order a ballot's contests and options are laid out
 * in. A ballot prints its targets at one size: outlines far from the size most of them share
 * (letters, digits) are dropped, and a solid blob of that size in line with a column of targets
 * is a target that every exemplar marked. Targets that other print runs across are then looked
 * for along the columns (see `findOverprinted`).
 */
export function findTargets(image: GreyImage, options: FindTargetsOptions = {}): TemplateTarget[] {
  const dpi = estimateDpi(image);
  const { within, spec } = options;
  const found: Found[] = [];
  /** Found outlines whose blob is mostly ink: marked over on most exemplars. */
  const inked = new Set<Found>();
  const solid: Component[] = [];
  /** Blobs mostly of ink, of a target's size at most: perhaps a target marked over. */
  const blots: Component[] = [];
  for (const c of findComponents(image, undefined, dpi * dpi)) {
    if (within && (c.x0 < within.x0 || c.y0 < within.y0 || c.x1 > within.x1 || c.y1 > within.y1))
      continue;
    if (!fitsSpec(c, dpi, spec)) continue;
    if (isSolid(c, dpi)) {
      solid.push(c);
      continue;
    }
    const isBlot = isMostlyInk(c, dpi);
    if (!looksLikeTarget(c, dpi)) {
      if (isBlot) blots.push(c);
      continue;
    }
    const cx = (c.x0 + c.x1) / 2;
    const cy = (c.y0 + c.y1) / 2;
    const shape = shapeOf(image, c, cx, cy);
    if (!shape || shape.interior.length / 2 < insideShare(c) * boxWidth(c) * boxHeight(c)) {
      if (isBlot) blots.push(c);
      continue;
    }
    // A box fills its bounding box; an oval leaves the corners (π/4 of it).
    const cover = (shape.outline.length + shape.interior.length) / 2 / (boxWidth(c) * boxHeight(c));
    if (spec?.shape === 'box' && cover < 0.88) continue;
    const outline: Found = {
      x0: c.x0,
      y0: c.y0,
      width: boxWidth(c),
      height: boxHeight(c),
      cx,
      cy,
      shape,
      templateInk: 0,
    };
    if (fillRatio(c) >= MARKED_FILL) inked.add(outline);
    found.push(outline);
  }
  const size =
    spec?.width && spec.height ? { w: spec.width * dpi, h: spec.height * dpi } : usualSize(found);
  if (!size) return orderByColumn(found, dpi * 0.4);
  const near = (w: number, h: number, tolerance: number): boolean =>
    Math.abs(w - size.w) <= size.w * tolerance && Math.abs(h - size.h) <= size.h * tolerance;
  const kept = withPrintedInsides(
    found.filter((t) => near(t.width, t.height, 0.3)),
    inked,
    dpi,
  );
  for (const c of solid) {
    if (!near(boxWidth(c), boxHeight(c), 0.15)) continue;
    const cx = (c.x0 + c.x1) / 2;
    const cy = (c.y0 + c.y1) / 2;
    // In line with printed targets, and shaped like the nearest of them.
    const column = kept.filter((t) => Math.abs(t.cx - cx) < dpi * 0.05);
    const sibling = column.sort((a, b) => Math.abs(a.cy - cy) - Math.abs(b.cy - cy))[0];
    if (!sibling) continue;
    kept.push(likeSibling(sibling, cx, cy));
  }
  kept.push(...markedOver(blots, kept, size, dpi));
  const over = findOverprinted(image, kept, dpi, within).flatMap((t) => {
    const marked = t.isObscured
      ? markedNotObscured(image, t, [...solid, ...blots], kept, size, dpi)
      : undefined;
    return marked === 'lone' ? [] : [marked ?? t];
  });
  // A column's targets found under other print or on a rough scan place marked blots too.
  const later = markedOver(blots, [...kept, ...over], size, dpi);
  return orderByColumn([...kept, ...over, ...later], dpi * 0.4);
}

/** An outline whose blob is this much ink is marked over (a printed Hart box's is about 0.4). */
const MARKED_FILL = 0.45;
/**
 * The overprint finder takes a place in a column where no paper shows for a target under a
 * dense tint (obscured, read gray on every sheet). A target every exemplar filled shows no paper
 * either, but its ink is one blob of a target's size (a tint's specks join into blobs larger
 * than the target): such a place is a marked target, shaped like its column's nearest printed
 * target, and read as any other. A place with no printed target in line with it (a column the
 * finder laid by the others' spacing, holding one race) is left out (`lone`) where the blob has
 * the printed targets' own shape (see `shapeFits`): whether it is a target is for the
 * election's counts to say, as for any lone blob (see `loneCandidates`).
 */
function markedNotObscured(
  image: GreyImage,
  t: Found,
  blobs: Component[],
  printed: Found[],
  size: { w: number; h: number },
  dpi: number,
): Found | 'lone' | undefined {
  const blob = blobs.find(
    (c) =>
      Math.abs((c.x0 + c.x1) / 2 - t.cx) <= size.w * 0.25 &&
      Math.abs((c.y0 + c.y1) / 2 - t.cy) <= size.h * 0.25 &&
      Math.abs(boxWidth(c) - size.w) <= size.w * 0.25 &&
      Math.abs(boxHeight(c) - size.h) <= size.h * 0.25 &&
      fillRatio(c) >= BLOT_FILL,
  );
  if (!blob) return undefined;
  const cx = (blob.x0 + blob.x1) / 2;
  const cy = (blob.y0 + blob.y1) / 2;
  const clean = printed.filter((p) => !p.isSolid && !p.isOverprinted);
  const sibling = clean
    .filter((p) => Math.abs(p.cx - cx) < dpi * COLUMN_X)
    .sort((p, q) => Math.abs(p.cy - cy) - Math.abs(q.cy - cy))[0];
  if (sibling) return likeSibling(sibling, cx, cy);
  // Alone across (a race in a column of its own): a blob of the printed targets' own shape is
  // left for the election's counts to place or not, as any lone blob (see `loneCandidates`).
  const nearest = [...clean].sort(
    (p, q) => Math.hypot(p.cx - cx, p.cy - cy) - Math.hypot(q.cx - cx, q.cy - cy),
  )[0];
  return nearest && shapeFits(image, likeSibling(nearest, cx, cy), dpi) ? 'lone' : undefined;
}

/** Share of its box a blob's ink must cover to be taken for a target marked over. */
const BLOT_FILL = 0.55;

/** Of a target's size at most, and mostly ink: a filled oval covers π/4 of its box. */
export function isMostlyInk(c: Component, dpi: number): boolean {
  const w = boxWidth(c) / dpi;
  const h = boxHeight(c) / dpi;
  return (
    w >= LIMITS.minW &&
    w <= LIMITS.maxW &&
    h >= LIMITS.minH &&
    h <= LIMITS.maxH &&
    fillRatio(c) >= BLOT_FILL
  );
}

/**
 * Targets that every exemplar of a style marked: on the combined page such a target is a blob
 * of ink where its outline should be (a filled oval, or a fill, a tick and a light mark laid
 * together), with no paper inside for the outline finder. A blob of the targets' size (a mark
 * runs a little past the outline), in line with a column of targets and one option's pitch from
 * one of them (or from another such blob), is one; it takes the shape of the nearest target of
 * its column. The pitch keeps out a filled example oval in the instructions above a column.
 */
function markedOver(
  blots: Component[],
  targets: Found[],
  size: { w: number; h: number },
  dpi: number,
): Found[] {
  const pitch = rowPitch(targets, dpi);
  if (pitch === 0) return [];
  const candidates = blots.filter(
    (c) =>
      Math.abs(boxWidth(c) - size.w) <= size.w * 0.25 &&
      Math.abs(boxHeight(c) - size.h) <= size.h * 0.25,
  );
  const added: Found[] = [];
  for (let more = true; more;) {
    more = false;
    for (const c of candidates) {
      const cx = (c.x0 + c.x1) / 2;
      const cy = (c.y0 + c.y1) / 2;
      const all = [...targets, ...added];
      if (all.some((t) => Math.abs(t.cx - cx) < size.w && Math.abs(t.cy - cy) < size.h)) continue;
      const column = all.filter((t) => Math.abs(t.cx - cx) < dpi * 0.05);
      const atPitch = column.filter(
        (t) => Math.abs(Math.abs(t.cy - cy) - pitch) <= Math.max(2, pitch * 0.1),
      );
      // Shaped like the nearest target of the column whose whole inside is paper.
      const sibling = column
        .filter((t) => !t.isSolid)
        .sort(
          (p, q) =>
            Number(!!p.isOverprinted) - Number(!!q.isOverprinted) ||
            Math.abs(p.cy - cy) - Math.abs(q.cy - cy),
        )[0];
      if (atPitch.length === 0 || !sibling) continue;
      added.push(likeSibling(sibling, cx, cy));
      more = true;
    }
  }
  return added;
}

/** Share of a target's printed outline that must be ink where a lone blob lies. */
const OUTLINE_INKED = 0.9;
/**
 * Share of the paper round a target's outline that may be ink where a lone blob lies: a
 * voter's fill runs a pixel or two past the outline (0.21 seen on a race every voter filled).
 */
const RING_INKED = 0.35;

/**
 * The target laid where its printed outline best fits the blob (a few pixels either way), when
 * that outline is ink there (90%); with `alone`, also when the blob keeps to the outline's
 * shape: the corners of the outline's box that lie well outside it (an oval's; a box has none)
 * mostly paper, so a filled box is not an oval, and the paper round the outline not mostly ink
 * (a voter's fill runs a little past it; a larger blob does not fit). Undefined otherwise.
 */
export function shapeFits(
  image: GreyImage,
  t: Found,
  dpi: number,
  alone = true,
): Found | undefined {
  const reach = Math.max(2, Math.round(dpi * 0.015));
  let best: { x: number; y: number; share: number } | undefined;
  for (let dy = -reach; dy <= reach; dy += 1)
    for (let dx = -reach; dx <= reach; dx += 1) {
      const x = Math.round(t.cx) + dx;
      const y = Math.round(t.cy) + dy;
      const share = inkShare(image, t.shape.outline, x, y);
      if (!best || share > best.share) best = { x, y, share };
    }
  if (!best || best.share < OUTLINE_INKED) return undefined;
  if (alone) {
    if (inkShare(image, t.shape.ring, best.x, best.y) > RING_INKED) return undefined;
    if (inkShare(image, cornersOf(t.shape), best.x, best.y) > CORNERS_INKED) return undefined;
  }
  return likeSibling(t, best.x, best.y);
}

/** Share of the corners of an outline's box (see `cornersOf`) that may be ink on a lone blob. */
const CORNERS_INKED = 0.5;

/**
 * The pixels of a target's box more than two pixels from its outline and inside: an oval's
 * corners; none for a box.
 */
function cornersOf(shape: TargetShape): Int16Array {
  const all = [...shape.outline, ...shape.interior];
  const xs = all.filter((_, k) => k % 2 === 0);
  const ys = all.filter((_, k) => k % 2 === 1);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const w = Math.max(...xs) - x0 + 1;
  const h = Math.max(...ys) - y0 + 1;
  const inShape = new Uint8Array(w * h);
  for (let k = 0; k < all.length; k += 2)
    inShape[((all[k + 1] as number) - y0) * w + ((all[k] as number) - x0)] = 1;
  const corners: number[] = [];
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      let near = false;
      for (let dy = -2; dy <= 2 && !near; dy += 1)
        for (let dx = -2; dx <= 2 && !near; dx += 1) {
          const u = x + dx;
          const v = y + dy;
          near = u >= 0 && v >= 0 && u < w && v < h && inShape[v * w + u] === 1;
        }
      if (!near) corners.push(x + x0, y + y0);
    }
  return Int16Array.from(corners);
}

/** Share of the pixels at these offsets from (x, y) that are ink. */
export function inkShare(image: GreyImage, offsets: Int16Array, x: number, y: number): number {
  let inked = 0;
  for (let k = 0; k < offsets.length; k += 2)
    if (isInk(image, x + (offsets[k] as number), y + (offsets[k + 1] as number))) inked += 1;
  return offsets.length ? (inked * 2) / offsets.length : 0;
}

/** The median size of a few printed targets, too few for `usualSize`. */
export function printedSize(targets: Found[]): { w: number; h: number } {
  const median = (values: number[]): number =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { w: median(targets.map((t) => t.width)), h: median(targets.map((t) => t.height)) };
}

/** The usual step from one option to the next down a column of targets; 0 when none. */
function rowPitch(targets: Found[], dpi: number): number {
  const steps: number[] = [];
  for (const t of targets) {
    const below = targets
      .filter((u) => Math.abs(u.cx - t.cx) < dpi * 0.05 && u.cy > t.cy)
      .sort((p, q) => p.cy - q.cy)[0];
    if (below) steps.push(below.cy - t.cy);
  }
  steps.sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 4)] ?? 0;
}

/** A blob nearly all ink, the size of a target at most. */
function isSolid(c: Component, dpi: number): boolean {
  const w = boxWidth(c) / dpi;
  const h = boxHeight(c) / dpi;
  return (
    w >= LIMITS.minW &&
    w <= LIMITS.maxW &&
    h >= LIMITS.minH &&
    h <= LIMITS.maxH &&
    fillRatio(c) > 0.8
  );
}

/** Within 40% of the size the election or JOB file gives, when it gives one. */
function fitsSpec(c: Component, dpi: number, spec: TargetSpec | undefined): boolean {
  if (!spec?.width || !spec.height) return true;
  const w = boxWidth(c) / dpi;
  const h = boxHeight(c) / dpi;
  return (
    Math.abs(w - spec.width) <= spec.width * 0.4 && Math.abs(h - spec.height) <= spec.height * 0.4
  );
}

/**
 * The size most targets share: the candidate with the most others within 20% of its width and
 * height, and the median of those. Undefined for fewer than three candidates.
 */
export function usualSize(found: Found[]): { w: number; h: number } | undefined {
  if (found.length < 3) return undefined;
  const like = (a: Found, b: Found): boolean =>
    Math.abs(a.width - b.width) <= a.width * 0.2 && Math.abs(a.height - b.height) <= a.height * 0.2;
  let best: Found[] = [];
  for (const t of found) {
    const group = found.filter((u) => like(t, u));
    if (group.length > best.length) best = group;
  }
  const median = (values: number[]): number =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { w: median(best.map((t) => t.width)), h: median(best.map((t) => t.height)) };
}

/** Numbers targets by column (a gap wider than `gap` starts one), then top to bottom. */
export function orderByColumn(
  targets: Omit<TemplateTarget, 'index' | 'column'>[],
  gap: number,
): TemplateTarget[] {
  const byX = [...targets].sort((p, q) => p.cx - q.cx);
  const columns: (typeof targets)[] = [];
  let last = -Infinity;
  for (const t of byX) {
    if (t.cx - last > gap) columns.push([]);
    columns.at(-1)?.push(t);
    last = t.cx;
  }
  return columns
    .flatMap((col, column) => col.sort((p, q) => p.cy - q.cy).map((t) => ({ ...t, column })))
    .map((t, index) => ({ ...t, index }));
}
