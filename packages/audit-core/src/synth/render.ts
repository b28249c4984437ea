import sharp from 'sharp';
import { createGrey, type GreyImage } from '../image/grey.js';
import { ARROW, strokeArrow } from './arrow.js';
import { drawLine, fillEllipse, fillRect, strokeEllipse, strokeRect } from './draw.js';
import type { StyleLayout, TextLine } from './layout.js';

const escape = (text: string): string =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

function textSvg(layout: StyleLayout): string {
  const line = (t: TextLine): string =>
    `<text x="${t.x}" y="${t.y}" font-size="${t.size}" text-anchor="${t.anchor ?? 'start'}"` +
    `${t.isBold ? ' font-weight="bold"' : ''}>${escape(t.text)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}">` +
    `<g font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="black">` +
    `${layout.texts.map(line).join('')}</g></svg>`
  );
}

/**
 * Prints a blank ballot of a style: timing marks, contest boxes and ovals drawn on raw pixels,
 * then the text rendered from SVG by sharp (librsvg with the system's fonts; where none are
 * installed, glyphs print as boxes, which is still ink beside the targets).
 */
export async function renderStyle(layout: StyleLayout): Promise<GreyImage> {
  const page = createGrey(layout.width, layout.height);
  for (const s of layout.shades ?? []) fillRect(page, s.x, s.y, s.w, s.h, s.ink);
  for (const m of layout.marks) fillRect(page, m.x, m.y, m.w, m.h);
  const line = Math.max(1, Math.round(layout.dpi * 0.008));
  for (const b of layout.boxes) {
    drawLine(page, b.x, b.y, b.x + b.w, b.y, line);
    drawLine(page, b.x, b.y + b.h, b.x + b.w, b.y + b.h, line);
    drawLine(page, b.x, b.y, b.x, b.y + b.h, line);
    drawLine(page, b.x + b.w, b.y, b.x + b.w, b.y + b.h, line);
  }
  const ink = layout.targetInk ?? 0;
  for (const t of layout.targets) {
    if (layout.targetShape === 'box')
      strokeRect(page, t.cx - t.rx, t.cy - t.ry, 2 * t.rx, 2 * t.ry, layout.stroke, ink);
    else if (layout.targetShape === 'arrow') strokeArrow(page, t, layout.dpi);
    else strokeEllipse(page, t.cx, t.cy, t.rx, t.ry, layout.stroke, ink);
  }
  const e = layout.example;
  if (layout.targetShape === 'arrow') {
    // The instructions show an arrow completed, as the voter is to do it.
    strokeArrow(page, e, layout.dpi);
    const gap = ARROW.halfGap * layout.dpi;
    drawLine(page, e.cx - gap - 2, e.cy, e.cx + gap + 2, e.cy, Math.round(layout.dpi * 0.025));
  } else fillEllipse(page, e.cx, e.cy, e.rx, e.ry, 0);
  const { width, height } = layout;
  const data = await sharp(page.data, { raw: { width, height, channels: 1 } })
    .composite([{ input: Buffer.from(textSvg(layout)) }])
    .greyscale()
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, width * height) };
}
