import { INK_THRESHOLD, type GreyImage } from '../image/grey.js';
import { drawLine, fillEllipse } from './draw.js';
import type { LayoutTarget } from './layout.js';
import type { Random } from './random.js';

/** How a voter left a target: the ways people really mark (and fail to mark) ballots. */
export type MarkKind =
  'none' | 'full' | 'partial' | 'check' | 'x' | 'light' | 'faint' | 'stray' | 'erasure';

/** Kinds that mean the voter chose the option. */
export const INTENDED_KINDS: readonly MarkKind[] = [
  'full',
  'partial',
  'check',
  'x',
  'light',
  'faint',
];

/** Kinds a reader must get right; the others may instead be flagged gray for a person. */
export const CLEAR_KINDS: readonly MarkKind[] = ['none', 'full', 'partial'];

export const isIntended = (kind: MarkKind): boolean => INTENDED_KINDS.includes(kind);

/** Draws one mark over a target, in page pixels, before scanning. */
export function drawMark(
  page: GreyImage,
  t: LayoutTarget,
  kind: MarkKind,
  random: Random,
  dpi: number,
): void {
  const pen = Math.max(3, Math.round(dpi * 0.025));
  const jx = random.range(-0.1, 0.1) * t.rx;
  const jy = random.range(-0.1, 0.1) * t.ry;
  const ink = random.int(10, 50);
  switch (kind) {
    case 'none':
      return;
    case 'full':
      return fillEllipse(page, t.cx + jx, t.cy + jy, t.rx * 1.1, t.ry * 1.15, ink);
    case 'partial': {
      const side = random.chance(0.5) ? 1 : -1;
      return fillEllipse(page, t.cx + side * 0.25 * t.rx, t.cy + jy, t.rx * 0.8, t.ry * 0.95, ink);
    }
    case 'check':
      drawLine(
        page,
        t.cx - 0.7 * t.rx,
        t.cy - 0.1 * t.ry,
        t.cx - 0.1 * t.rx,
        t.cy + 0.9 * t.ry,
        pen,
        ink,
      );
      return drawLine(
        page,
        t.cx - 0.1 * t.rx,
        t.cy + 0.9 * t.ry,
        t.cx + 1.3 * t.rx,
        t.cy - 1.6 * t.ry,
        pen,
        ink,
      );
    case 'x':
      drawLine(
        page,
        t.cx - 1.1 * t.rx,
        t.cy - 1.2 * t.ry,
        t.cx + 1.1 * t.rx,
        t.cy + 1.2 * t.ry,
        pen,
        ink,
      );
      return drawLine(
        page,
        t.cx - 1.1 * t.rx,
        t.cy + 1.2 * t.ry,
        t.cx + 1.1 * t.rx,
        t.cy - 1.2 * t.ry,
        pen,
        ink,
      );
    case 'light':
      return fillEllipse(page, t.cx + jx, t.cy + jy, t.rx * 1.1, t.ry * 1.15, random.int(95, 125));
    case 'faint':
      // A pencil mark a 1-bit scanner mostly loses: just lighter than its ink threshold, so only
      // the pixels noise darkens come out black (a tenth to a third of the oval).
      return fillEllipse(
        page,
        t.cx + jx,
        t.cy + jy,
        t.rx * 1.1,
        t.ry * 1.15,
        INK_THRESHOLD + random.int(6, 24),
      );
    case 'stray': {
      // A pen slip beside the target that grazes its edge.
      const y = t.cy + random.pick([-1, 1]) * t.ry * random.range(0.8, 1.3);
      return drawLine(
        page,
        t.cx - 1.6 * t.rx,
        y,
        t.cx + 1.6 * t.rx,
        y + random.range(-2, 2),
        Math.max(2, pen / 2),
        ink,
      );
    }
    case 'erasure':
      fillEllipse(page, t.cx + jx, t.cy + jy, t.rx * 1.1, t.ry * 1.15, random.int(200, 225));
      for (let i = 0; i < 3; i += 1) {
        fillEllipse(
          page,
          t.cx + random.range(-0.6, 0.6) * t.rx,
          t.cy + random.range(-0.5, 0.5) * t.ry,
          1,
          1,
          ink,
        );
      }
      return;
  }
}
