import { describe, expect, it } from 'vitest';
import { dilate, erode, morph, morphByCounts } from '../../src/image/morph.js';

/** The square maximum or minimum pixel by pixel, outside the page left out of the window. */
function naive(mask: Uint8Array, w: number, h: number, r: number, value: 0 | 1): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      let any = 0;
      let all = 1;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy += 1)
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx += 1) {
          any |= mask[yy * w + xx] ?? 0;
          all &= mask[yy * w + xx] ?? 0;
        }
      out[y * w + x] = value === 1 ? any : all;
    }
  return out;
}

/** A seeded mask with blots and lines, as ink on a page shows. */
function page(w: number, h: number, seed: number, density: number): Uint8Array {
  let s = seed;
  const next = (): number => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const m = new Uint8Array(w * h);
  for (let i = 0; i < m.length; i += 1) m[i] = next() < density ? 1 : 0;
  return m;
}

describe('growing and shrinking ink', () => {
  const sizes: [number, number][] = [
    [1, 1],
    [1, 9],
    [3, 2],
    [5, 7],
    [8, 8],
    [13, 11],
    [40, 17],
    [41, 23],
    [64, 5],
  ];
  for (const [w, h] of sizes)
    for (const r of [1, 2, 3, 5])
      it(`matches the pixel-by-pixel result on ${w} × ${h}, radius ${r}`, () => {
        for (const density of [0.05, 0.5, 0.95]) {
          const m = page(w, h, w * 31 + h * 7 + r, density);
          for (const value of [0, 1] as const) {
            const want = naive(m, w, h, r, value);
            expect(Array.from(morph(m, w, h, r, value)), `value ${value}`).toEqual(
              Array.from(want),
            );
            expect(Array.from(morphByCounts(m, w, h, r, value))).toEqual(Array.from(want));
          }
        }
      });

  it('opens a page: strokes vanish, blots stay, and the input is left as it was', () => {
    const w = 30;
    const h = 20;
    const m = new Uint8Array(w * h);
    for (let x = 2; x < 28; x += 1) m[3 * w + x] = 1; // a one-pixel line
    for (let y = 8; y < 16; y += 1) for (let x = 10; x < 18; x += 1) m[y * w + x] = 1; // a blot
    const before = m.slice();
    const opened = dilate(erode(m, w, h, 2), w, h, 2);
    expect(m).toEqual(before);
    expect(opened[3 * w + 10]).toBe(0);
    expect(opened[12 * w + 14]).toBe(1);
    expect(opened.reduce((a, b) => a + b, 0)).toBe(64);
  });
});
