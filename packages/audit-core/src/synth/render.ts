import { createGrey, type GreyImage } from '../image/grey.js';
import { drawLine, fillRect, strokeEllipse } from './draw.js';
import type { StyleLayout } from './layout.js';

/** Prints a blank ballot of a style: timing marks, contest boxes, text blocks and ovals. */
export function renderStyle(layout: StyleLayout): GreyImage {
  const page = createGrey(layout.width, layout.height);
  for (const m of layout.marks) fillRect(page, m.x, m.y, m.w, m.h);
  const line = Math.max(1, Math.round(layout.dpi * 0.008));
  for (const b of layout.boxes) {
    drawLine(page, b.x, b.y, b.x + b.w, b.y, line);
    drawLine(page, b.x, b.y + b.h, b.x + b.w, b.y + b.h, line);
    drawLine(page, b.x, b.y, b.x, b.y + b.h, line);
    drawLine(page, b.x + b.w, b.y, b.x + b.w, b.y + b.h, line);
  }
  // Text is drawn as rows of short dark dashes, like words, so it is ink but not a target.
  for (const w of layout.words) {
    for (let x = w.x; x < w.x + w.w; x += w.h * 1.6)
      fillRect(page, x, w.y, Math.min(w.h * 1.2, w.x + w.w - x), w.h, 40);
  }
  for (const t of layout.targets) strokeEllipse(page, t.cx, t.cy, t.rx, t.ry, layout.stroke);
  return page;
}
