import { describe, expect, it } from 'vitest';
import { createGrey, type GreyImage } from '../../src/image/grey.js';
import type { Affine } from '../../src/image/affine.js';
import { keepPageBlocks, keptQuarter } from '../../src/image/paper-blocks.js';
import { layoutCells, pageThumbnail, thumbnail } from '../../src/image/thumbnail.js';

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

/** A cell's ink as its definition reads: the mean over every pixel whose centre is in its square. */
function cellInk(page: GreyImage, t: Affine, step: number, tx: number, ty: number): number {
  const x = (tx + 0.5) * step - 0.5;
  const y = (ty + 0.5) * step - 0.5;
  const px = t.a * x + t.b * y + t.c + 0.5;
  const py = t.d * x + t.e * y + t.f + 0.5;
  const halfX = (step * Math.hypot(t.a, t.d)) / 2;
  const halfY = (step * Math.hypot(t.b, t.e)) / 2;
  const left = Math.round(px - halfX);
  const top = Math.round(py - halfY);
  const right = Math.max(left + 1, Math.round(px + halfX));
  const bottom = Math.max(top + 1, Math.round(py + halfY));
  let ink = 0;
  for (let y = top; y < bottom; y += 1)
    for (let x = left; x < right; x += 1)
      if (x >= 0 && y >= 0 && x < page.width && y < page.height)
        ink += 255 - (page.data[y * page.width + x] as number);
  return ink / (255 * (right - left) * (bottom - top));
}

describe('ink maps skip blank paper without changing a cell', () => {
  // A 1-bit page of blank paper but for specks, short strokes and a solid box; odd sizes and a
  // buffer that does not start on a word, as well as a page that is a neat multiple of four.
  const sheet = (width: number, height: number, offset: number, paper = 255): GreyImage => {
    const data = new Uint8Array(width * height + offset).fill(paper).subarray(offset);
    let seed = width * 31 + height;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 300; k += 1) {
      const x = Math.floor(next() * width);
      const y = Math.floor(next() * height);
      const long = Math.floor(next() * 9);
      for (let d = 0; d <= long && x + d < width; d += 1) data[y * width + x + d] = 0;
    }
    for (let y = 40; y < 70; y += 1) data.fill(0, y * width + 30, y * width + 90);
    return { width, height, data };
  };
  const turns: Affine[] = [
    { a: 1, b: 0, c: 0, d: 0, e: 1, f: 0 },
    { a: 0.9998, b: -0.0175, c: 3.3, d: 0.0175, e: 0.9998, f: -2.6 },
    { a: 0.75, b: 0.004, c: -1.2, d: -0.004, e: 0.75, f: 5.5 },
    { a: 1.5, b: -0.03, c: 7.9, d: 0.03, e: 1.5, f: 0.4 },
  ];
  for (const [width, height, offset] of [
    [400, 300, 0],
    [401, 303, 0],
    [400, 302, 1],
  ] as const)
    it(`reads every cell as its pixels say on a ${width} × ${height} page`, () => {
      const page = sheet(width, height, offset);
      for (const t of turns) {
        const size = { width: 400, height: 300 };
        const one = thumbnail(page, t, size);
        // Kept with the page, read in two goes (some cells first, then the rest), as reading does.
        const some = new Uint8Array(one.ink.length).map((_, i) => (i % 3 === 0 ? 1 : 0));
        pageThumbnail(page, t, size, some);
        const kept = pageThumbnail(page, t, size);
        for (let ty = 0; ty < one.height; ty += 1)
          for (let tx = 0; tx < one.width; tx += 1) {
            const want = Math.fround(cellInk(page, t, one.step, tx, ty));
            expect(one.ink[ty * one.width + tx]).toBe(want);
            expect(kept.ink[ty * one.width + tx]).toBe(want);
          }
      }
    });

  it('reads a greyscale page (no blank paper) cell by cell', () => {
    const page = sheet(400, 300, 0, 238);
    const t = turns[1] as Affine;
    const map = thumbnail(page, t, { width: 400, height: 300 });
    for (let ty = 0; ty < map.height; ty += 1)
      for (let tx = 0; tx < map.width; tx += 1)
        expect(map.ink[ty * map.width + tx]).toBe(Math.fround(cellInk(page, t, map.step, tx, ty)));
    // Paper of 238 is a fifteenth ink.
    expect(map.ink[10 * map.width + 10]).toBeCloseTo(17 / 255, 5);
  });
});

describe('layouts are compared over each page’s own paper', () => {
  // Two pages of one layout but for a heading block that only the second prints.
  const pages = (paper: number): [GreyImage, GreyImage] => {
    const a = createGrey(160, 160, paper);
    for (let y = 20; y < 30; y += 1) a.data.fill(20, y * 160 + 20, y * 160 + 140);
    const b = createGrey(160, 160, paper);
    b.data.set(a.data);
    for (let y = 80; y < 96; y += 1) b.data.fill(20, y * 160 + 40, y * 160 + 120);
    return [a, b];
  };
  it('finds the printing one page lacks on greyscale scans as on 1-bit ones', () => {
    const counts = [255, 238].map((paper) => {
      const [a, b] = pages(paper);
      return layoutCells(thumbnail(a), thumbnail(b));
    });
    // The block covers 10 × 2 cells of 8 pixels.
    expect(counts[0]).toBe(20);
    expect(counts[1]).toBe(20);
  });
});

describe('the quarter-size page made with a read page’s blank blocks', () => {
  /** Ink where any pixel of a 4 × 4 block is under the ink threshold: what anchors look on. */
  function quarterByPixels(image: GreyImage): Uint8Array {
    const [width, height] = [Math.floor(image.width / 4), Math.floor(image.height / 4)];
    const out = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < height * 4; y += 1)
      for (let x = 0; x < width * 4; x += 1)
        if ((image.data[y * image.width + x] as number) < 128)
          out[Math.floor(y / 4) * width + Math.floor(x / 4)] = 0;
    return out;
  }

  it('is the page’s blocks with any ink, as looking at every pixel finds them', () => {
    // Mostly paper, with ink and greys (a grey over 128 is no ink, one under is) here and there.
    const image = createGrey(160, 122);
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < image.data.length; i += 1) {
      const r = next();
      image.data[i] = r < 0.03 ? 0 : r < 0.05 ? 200 : r < 0.06 ? 127 : r < 0.07 ? 128 : 255;
    }
    keepPageBlocks(image, true);
    const kept = keptQuarter(image);
    expect(kept).toMatchObject({ width: 40, height: 30 });
    expect(Array.from(kept?.data ?? [])).toEqual(Array.from(quarterByPixels(image)));
    // Another page in the same memory is not taken for it.
    const other: GreyImage = { ...image, data: new Uint8Array(image.data) };
    expect(keptQuarter(other)).toBeUndefined();
  });

  it('is not made where rows do not start on a word: anchors then shrink the page themselves', () => {
    const image = createGrey(161, 120);
    image.data.fill(0, 0, 400);
    keepPageBlocks(image, true);
    expect(keptQuarter(image)).toBeUndefined();
  });
});
