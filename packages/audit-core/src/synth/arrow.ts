import { INK_THRESHOLD, type GreyImage } from '../image/grey.js';
import { drawLine, fillEllipse, fillRect, fillTriangle } from './draw.js';
import type { LayoutTarget } from './layout.js';
import type { MarkKind } from './marks.js';
import type { Random } from './random.js';

/**
 * A broken arrow as ES&S and Sequoia printed them on Optech ballots, in inches from the middle
 * of its gap: a feathered tail on the left, a gap the voter bridges with a line, and a head
 * pointing right at the option's name.
 */
export const ARROW = {
  /** Half the length, feather tips to head tip. */
  halfLength: 0.3,
  /** Half the head's height at its base. */
  halfHeight: 0.06,
  /** Half the gap between the tail's end and the head's shaft. */
  halfGap: 0.09,
  shaft: 0.03,
  /** Where the head's triangle starts, right of the middle. */
  headBase: 0.16,
  /** Where the feathers join the tail's shaft, left of the middle. */
  featherJoin: 0.24,
};

/** Prints one arrow, tail and head, with the gap between them left as paper. */
export function strokeArrow(page: GreyImage, t: LayoutTarget, dpi: number): void {
  const px = (inches: number): number => inches * dpi;
  const half = px(ARROW.shaft) / 2;
  const gap = px(ARROW.halfGap);
  const tip = px(ARROW.halfLength);
  fillRect(page, t.cx - tip + px(0.04), t.cy - half, tip - px(0.04) - gap, 2 * half);
  const feather = Math.max(2, px(ARROW.shaft) * 0.8);
  for (const side of [-1, 1])
    drawLine(page, t.cx - px(ARROW.featherJoin), t.cy, t.cx - tip, t.cy + side * px(0.05), feather);
  fillRect(page, t.cx + gap, t.cy - half, px(ARROW.headBase) - gap + 1, 2 * half);
  fillTriangle(
    page,
    { x: t.cx + px(ARROW.headBase), y: t.cy - px(ARROW.halfHeight) },
    { x: t.cx + px(ARROW.headBase), y: t.cy + px(ARROW.halfHeight) },
    { x: t.cx + tip, y: t.cy },
  );
}

/**
 * Draws how a voter left an arrow: a line across the gap (whole, stopping short, in light or
 * faint pencil), a check or an X over it, a slip of the pen beside it, or an erased line.
 */
export function drawArrowMark(
  page: GreyImage,
  t: LayoutTarget,
  kind: MarkKind,
  random: Random,
  dpi: number,
): void {
  const px = (inches: number): number => inches * dpi;
  const pen = Math.max(3, Math.round(dpi * 0.025));
  const from = t.cx - px(ARROW.halfGap);
  const to = t.cx + px(ARROW.halfGap);
  const wobble = (): number => random.range(-1, 1) * px(0.012);
  const ink = random.int(10, 50);
  const across = (shade: number, share = 1): void => {
    const over = (): number => random.range(0, px(0.04));
    const end = from + (to - from) * share;
    drawLine(
      page,
      from - over(),
      t.cy + wobble(),
      share < 1 ? end : to + over(),
      t.cy + wobble(),
      pen,
      shade,
    );
  };
  switch (kind) {
    case 'none':
      return;
    case 'full':
      return across(ink);
    case 'partial':
      // A line that stops short of the head, though it crosses most of the gap.
      return across(ink, random.range(0.6, 0.85));
    case 'light':
      return across(random.int(95, 125));
    case 'faint':
      // Pencil a 1-bit scanner mostly loses: only the pixels noise darkens come out black.
      return across(INK_THRESHOLD + random.int(6, 24));
    case 'check':
      drawLine(page, t.cx - px(0.06), t.cy - px(0.02), t.cx - px(0.01), t.cy + px(0.04), pen, ink);
      return drawLine(
        page,
        t.cx - px(0.01),
        t.cy + px(0.04),
        t.cx + px(0.1),
        t.cy - px(0.12),
        pen,
        ink,
      );
    case 'x':
      drawLine(page, t.cx - px(0.07), t.cy - px(0.08), t.cx + px(0.07), t.cy + px(0.08), pen, ink);
      return drawLine(
        page,
        t.cx - px(0.07),
        t.cy + px(0.08),
        t.cx + px(0.07),
        t.cy - px(0.08),
        pen,
        ink,
      );
    case 'stray': {
      // A pen slip along the arrow, above or below it, clear of the gap.
      const y = t.cy + random.pick([-1, 1]) * px(random.range(0.11, 0.15));
      return drawLine(
        page,
        t.cx - px(0.3),
        y,
        t.cx + px(0.3),
        y + random.range(-2, 2),
        Math.max(2, pen / 2),
        ink,
      );
    }
    case 'erasure':
      // The line rubbed out to a trace the scanner drops, and a few specks of it left along it.
      across(random.int(200, 225));
      for (const at of [1 / 6, 1 / 2, 5 / 6])
        fillEllipse(
          page,
          from + (to - from) * (at + random.range(-0.04, 0.04)),
          t.cy + wobble(),
          1,
          1,
          ink,
        );
      return;
  }
}
