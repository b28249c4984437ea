import type { GreyImage } from '../image/grey.js';

/** Darkens a pixel towards `ink`, never lightening it: inks overlay like on paper. */
function paint(image: GreyImage, x: number, y: number, ink: number): void {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
  const i = y * image.width + x;
  if ((image.data[i] ?? 255) > ink) image.data[i] = ink;
}

/** Lightens towards `paper`: an eraser. */
function lighten(image: GreyImage, x: number, y: number, paper: number): void {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
  const i = y * image.width + x;
  if ((image.data[i] ?? 0) < paper) image.data[i] = paper;
}

export function fillRect(
  image: GreyImage,
  x: number,
  y: number,
  w: number,
  h: number,
  ink = 0,
): void {
  for (let j = Math.round(y); j < Math.round(y + h); j += 1)
    for (let i = Math.round(x); i < Math.round(x + w); i += 1) paint(image, i, j, ink);
}

/** Fills an ellipse; `erase` lightens instead, for erasures. */
export function fillEllipse(
  image: GreyImage,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  ink: number,
  erase = false,
): void {
  for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y += 1) {
    for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x += 1) {
      const u = (x - cx) / rx;
      const v = (y - cy) / ry;
      if (u * u + v * v > 1) continue;
      if (erase) lighten(image, x, y, ink);
      else paint(image, x, y, ink);
    }
  }
}

/** An elliptical ring between radii (rx, ry) and (rx - t, ry - t). */
export function strokeEllipse(
  image: GreyImage,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  t: number,
  ink = 0,
): void {
  for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y += 1) {
    for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x += 1) {
      const u = (x - cx) / rx;
      const v = (y - cy) / ry;
      const a = (x - cx) / (rx - t);
      const b = (y - cy) / (ry - t);
      if (u * u + v * v <= 1 && a * a + b * b >= 1) paint(image, x, y, ink);
    }
  }
}

/** A straight stroke of width `t`, as a pen would draw it. */
export function drawLine(
  image: GreyImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  t: number,
  ink = 0,
): void {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0)) + 1;
  const r = t / 2;
  for (let s = 0; s <= steps; s += 1) {
    const x = x0 + ((x1 - x0) * s) / steps;
    const y = y0 + ((y1 - y0) * s) / steps;
    for (let dy = Math.floor(-r); dy <= Math.ceil(r); dy += 1)
      for (let dx = Math.floor(-r); dx <= Math.ceil(r); dx += 1)
        if (dx * dx + dy * dy <= r * r) paint(image, Math.round(x + dx), Math.round(y + dy), ink);
  }
}

/** A rectangle's outline of thickness `t`, inside the given bounds. */
export function strokeRect(
  image: GreyImage,
  x: number,
  y: number,
  w: number,
  h: number,
  t: number,
  ink = 0,
): void {
  fillRect(image, x, y, w, t, ink);
  fillRect(image, x, y + h - t, w, t, ink);
  fillRect(image, x, y, t, h, ink);
  fillRect(image, x + w - t, y, t, h, ink);
}

/** Fills the triangle with corners a, b and c. */
export function fillTriangle(
  image: GreyImage,
  a: { x: number; y: number },
  b: { x: number; y: number },
  c: { x: number; y: number },
  ink = 0,
): void {
  const side = (p: { x: number; y: number }, q: { x: number; y: number }, x: number, y: number) =>
    (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  const area = side(a, b, c.x, c.y);
  for (let y = Math.floor(Math.min(a.y, b.y, c.y)); y <= Math.ceil(Math.max(a.y, b.y, c.y)); y += 1)
    for (
      let x = Math.floor(Math.min(a.x, b.x, c.x));
      x <= Math.ceil(Math.max(a.x, b.x, c.x));
      x += 1
    ) {
      const u = side(a, b, x, y) * area;
      const v = side(b, c, x, y) * area;
      const w = side(c, a, x, y) * area;
      if (u >= 0 && v >= 0 && w >= 0) paint(image, x, y, ink);
    }
}
