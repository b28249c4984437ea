import { describe, expect, it } from 'vitest';
import { createGrey, type GreyImage } from '../../src/image/grey.js';
import { thumbnail } from '../../src/image/thumbnail.js';

/** A template of 200 dpi, 0.8 in square: ink maps of 10 × 10 cells of 0.04 in. */
const TEMPLATE = { width: 160, height: 160 };

/** A page at `dpi` with ink over x0..x1, y0..y1 (inches), pixels whose centres fall inside. */
function page(dpi: number, box: [number, number, number, number]): GreyImage {
  const side = Math.round(0.8 * dpi);
  const image = createGrey(side, side);
  const [x0, y0, x1, y1] = box.map((v) => v * dpi) as [number, number, number, number];
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1)
      if (x + 0.5 > x0 && x + 0.5 < x1 && y + 0.5 > y0 && y + 0.5 < y1)
        image.data[y * side + x] = 0;
  return image;
}

/** Template pixel centres to page pixel centres, the page at `dpi` and shifted by `shift` px. */
const onPage = (dpi: number, shift = 0) => {
  const s = dpi / 200;
  return { a: s, b: 0, c: 0.5 * s - 0.5 + shift, d: 0, e: s, f: 0.5 * s - 0.5 };
};

describe('ink maps read each cell whole', () => {
  it('a stroke half a cell wide reads the same at 150, 200 and 300 dpi', () => {
    // 0.02 in wide from the second cell's left edge, down the whole page: 3, 4 and 6 pixels.
    const box: [number, number, number, number] = [0.04, 0, 0.06, 0.8];
    for (const dpi of [150, 200, 300]) {
      const map = thumbnail(page(dpi, box), onPage(dpi), TEMPLATE);
      expect(map.width).toBe(20);
      for (let y = 0; y < map.height; y += 1) {
        expect(map.ink[y * map.width]).toBeCloseTo(0, 5);
        expect(map.ink[y * map.width + 1]).toBeCloseTo(0.5, 5);
        expect(map.ink[y * map.width + 2]).toBeCloseTo(0, 5);
      }
    }
  });

  it('a one-pixel line weighs the same wherever a scan’s shift puts it in its cell', () => {
    const seen = new Set<string>();
    for (let at = 16; at < 24; at += 1) {
      const image = createGrey(160, 160);
      for (let y = 0; y < 160; y += 1) image.data[y * 160 + at] = 0;
      const map = thumbnail(image, onPage(200), TEMPLATE);
      seen.add((map.ink[2] as number).toFixed(4));
    }
    expect([...seen]).toEqual([(1 / 8).toFixed(4)]);
  });
});
