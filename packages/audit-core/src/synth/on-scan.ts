import { applyAffine, type Point } from '../image/affine.js';
import type { GreyImage } from '../image/grey.js';
import { registerMarks } from '../image/register.js';
import { findTimingMarks } from '../image/timing.js';
import type { LayoutTarget, Rect, StyleLayout } from './layout.js';

/**
 * Where a style's printed targets lie on a scan of one of its sheets: the layout laid on the
 * scan by its timing marks. It is what a person sees on the page and draws round by hand,
 * for tests and demos of mapping a style the reader found no targets on.
 */
export function targetsOnScan(layout: StyleLayout, scan: GreyImage): LayoutTarget[] {
  const centre = (m: Rect): Point => ({ x: m.x + m.w / 2, y: m.y + m.h / 2 });
  const printed = {
    left: layout.marks.filter((m) => m.x < layout.width / 2).map(centre),
    right: layout.marks.filter((m) => m.x >= layout.width / 2).map(centre),
  };
  const { transform } = registerMarks(printed, findTimingMarks(scan), layout.dpi * 0.08);
  return layout.targets.map((t) => {
    const p = applyAffine(transform, { x: t.cx, y: t.cy });
    return { ...t, cx: p.x, cy: p.y };
  });
}
