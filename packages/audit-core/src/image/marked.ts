import { boxHeight, boxWidth, findComponents, type Component, type Region } from './components.js';
import { estimateDpi, type GreyImage } from './grey.js';
import { COLUMN_X, likeSibling } from './printed-insides.js';
import {
  isMostlyInk,
  printedSize,
  shapeFits,
  usualSize,
  type Found,
  type TemplateTarget,
} from './targets.js';

/**
 * Blobs that may be targets every exemplar marked where the page alone cannot say so: of the
 * targets' usual size (within 25%) and mostly ink, on no target found, and in a column with
 * printed targets of the style or with another such blob (a column whose every option was
 * marked), however far from them, on which the printed target's outline, laid at its middle,
 * is ink all round (90%: a marked target keeps its print; bold letters in line do not have it).
 * A lone blob off every column (a logo, a filled example in the instructions) is none here (see
 * `loneCandidates` for the stricter test such a blob must pass); filled boxes of another size
 * are none. Each is shaped like the printed target nearest it. Whether any of them is a target is for the election's option counts to say (see
 * `buildTemplate`).
 */
export function markedCandidates(
  image: GreyImage,
  targets: TemplateTarget[],
  within?: Region,
  /** Centres of the page's timing or corner marks: solid blobs that are never targets. */
  marks: { x: number; y: number }[] = [],
): TemplateTarget[] {
  const dpi = estimateDpi(image);
  return freeBlobs(image, targets, within, marks)
    .filter((b) => b.isInLine)
    .flatMap((b) => {
      const placed = shapeFits(image, b.target, dpi, false);
      return placed ? [placed] : [];
    })
    .map((t, index) => ({ ...t, index, column: 0 }));
}

/** How far a lone blob's width and height may be from the printed targets' (a share of them). */
const LONE_SIZE = 0.2;
/** How far (inches) above the highest printed target a lone target may lie: a row's slack. */
const ABOVE_TARGETS = 0.1;

/**
 * Blobs that may be targets every exemplar marked with nothing in line with them (no printed
 * target and no other such blob within 0.05 in across): the one option of a race printed in a
 * column or row of its own. Nothing on the page places them, so their own look must: a blob of
 * the printed targets' size (within 20%), mostly ink, on which the printed target's outline,
 * laid at its middle, is ink all round (90%) while the paper round that outline stays paper (a
 * filled box is not an oval, an oval not a box, a bar not either); and not above the printed
 * targets' first row (the instructions' filled example, a logo in the heading). Timing and
 * corner marks are left out by position. Which of them, if any, is a target is for the
 * election's contest order to say (see `buildTemplate`): exactly one must fall where the
 * missing contest lies.
 */
export function loneCandidates(
  image: GreyImage,
  targets: TemplateTarget[],
  within?: Region,
  marks: { x: number; y: number }[] = [],
): TemplateTarget[] {
  const dpi = estimateDpi(image);
  const printed = targets.filter((t) => !t.isSolid && !t.isOverprinted && t.kind !== 'arrow');
  if (printed.length === 0) return [];
  const top = Math.min(...printed.map((t) => t.cy)) - ABOVE_TARGETS * dpi;
  return freeBlobs(image, targets, within, marks)
    .filter((b) => !b.isInLine && b.offSize <= LONE_SIZE && b.target.cy >= top)
    .flatMap((b) => {
      const placed = shapeFits(image, b.target, dpi);
      return placed ? [placed] : [];
    })
    .map((t, index) => ({ ...t, index, column: 0 }));
}

/**
 * Blobs of the printed targets' size (within 25%) and mostly ink, off the timing or corner
 * marks and on no target found, each shaped like the printed target nearest it, with whether it
 * lies in a column with printed targets or with another such blob, and how far its size is from
 * the printed targets' (the larger share of width or height).
 */
function freeBlobs(
  image: GreyImage,
  targets: TemplateTarget[],
  within: Region | undefined,
  marks: { x: number; y: number }[],
): { target: Found; isInLine: boolean; offSize: number }[] {
  const dpi = estimateDpi(image);
  const printed = targets.filter((t) => !t.isSolid && !t.isOverprinted && t.kind !== 'arrow');
  const size = usualSize(printed) ?? (printed.length ? printedSize(printed) : undefined);
  if (!size) return [];
  const blobs = findComponents(image, undefined, dpi * dpi).filter(
    (c) =>
      !(within && (c.x0 < within.x0 || c.y0 < within.y0 || c.x1 > within.x1 || c.y1 > within.y1)) &&
      isMostlyInk(c, dpi) &&
      !marks.some(
        (m) => m.x >= c.x0 - 2 && m.x <= c.x1 + 2 && m.y >= c.y0 - 2 && m.y <= c.y1 + 2,
      ) &&
      Math.abs(boxWidth(c) - size.w) <= size.w * 0.25 &&
      Math.abs(boxHeight(c) - size.h) <= size.h * 0.25,
  );
  const centre = (c: Component): { cx: number; cy: number } => ({
    cx: (c.x0 + c.x1) / 2,
    cy: (c.y0 + c.y1) / 2,
  });
  const free = blobs.filter((c) => {
    const { cx, cy } = centre(c);
    return !targets.some((t) => Math.abs(t.cx - cx) < t.width && Math.abs(t.cy - cy) < t.height);
  });
  const near = dpi * COLUMN_X;
  return free.map((c) => {
    const { cx, cy } = centre(c);
    const isInLine =
      printed.some((t) => Math.abs(t.cx - cx) < near) ||
      free.some((o) => o !== c && Math.abs(centre(o).cx - cx) < near);
    const sibling = [...printed].sort(
      (p, q) =>
        Math.abs(p.cx - cx) - Math.abs(q.cx - cx) || Math.abs(p.cy - cy) - Math.abs(q.cy - cy),
    )[0] as TemplateTarget;
    const offSize = Math.max(
      Math.abs(boxWidth(c) - size.w) / size.w,
      Math.abs(boxHeight(c) - size.h) / size.h,
    );
    return { target: likeSibling(sibling, cx, cy), isInLine, offSize };
  });
}
