import { boxHeight, boxWidth, fillRatio, findComponents, type Component } from './components.js';
import { estimateDpi, type GreyImage } from './grey.js';
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
}

/** Size of a target in inches; generous enough for the usual printed ovals and boxes. */
const LIMITS = { minW: 0.09, maxW: 0.28, minH: 0.05, maxH: 0.18, minAspect: 0.8, maxAspect: 2.8 };
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
    fillRatio(c) < (aspect < SQUARE ? 0.5 : 0.55)
  );
}

/** Share of the box that the target's inside must cover: most of it for a square box. */
const insideShare = (c: Component): number => (boxWidth(c) / boxHeight(c) < SQUARE ? 0.35 : 0.25);

/**
 * Finds oval and box outlines (ink blobs of target size that enclose paper) and orders them by column,
 * then top to bottom, which is the order a ballot's contests and options are laid out in.
 */
export function findTargets(image: GreyImage): TemplateTarget[] {
  const dpi = estimateDpi(image);
  const found: Omit<TemplateTarget, 'index' | 'column'>[] = [];
  for (const c of findComponents(image, undefined, dpi * dpi)) {
    if (!looksLikeTarget(c, dpi)) continue;
    const cx = (c.x0 + c.x1) / 2;
    const cy = (c.y0 + c.y1) / 2;
    const shape = shapeOf(image, c, cx, cy);
    if (!shape || shape.interior.length / 2 < insideShare(c) * boxWidth(c) * boxHeight(c)) continue;
    found.push({
      x0: c.x0,
      y0: c.y0,
      width: boxWidth(c),
      height: boxHeight(c),
      cx,
      cy,
      shape,
      templateInk: 0,
    });
  }
  return orderByColumn(found, dpi * 0.4);
}

function orderByColumn(
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
