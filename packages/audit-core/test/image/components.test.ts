import { describe, expect, it } from 'vitest';
import { findComponents, type GreyImage, type Region } from '../../src/index.js';

/** A plain flood fill, pixel by pixel, as the reference the fast labeller must agree with. */
function reference(image: GreyImage, r: Region): { area: number; box: number[]; c: number[] }[] {
  const x0 = Math.max(0, r.x0);
  const y0 = Math.max(0, r.y0);
  const x1 = Math.min(image.width - 1, r.x1);
  const y1 = Math.min(image.height - 1, r.y1);
  const ink = (x: number, y: number): boolean =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1 && (image.data[y * image.width + x] ?? 255) < 128;
  const seen = new Set<number>();
  const out = [];
  for (let y = y0; y <= y1; y += 1)
    for (let x = x0; x <= x1; x += 1) {
      if (!ink(x, y) || seen.has(y * image.width + x)) continue;
      const todo = [[x, y]];
      seen.add(y * image.width + x);
      let area = 0;
      let sx = 0;
      let sy = 0;
      const box = [x, y, x, y];
      while (todo.length) {
        const [px, py] = todo.pop() as [number, number];
        area += 1;
        sx += px;
        sy += py;
        box[0] = Math.min(box[0] as number, px);
        box[1] = Math.min(box[1] as number, py);
        box[2] = Math.max(box[2] as number, px);
        box[3] = Math.max(box[3] as number, py);
        for (let dy = -1; dy <= 1; dy += 1)
          for (let dx = -1; dx <= 1; dx += 1) {
            const [nx, ny] = [px + dx, py + dy];
            if (ink(nx, ny) && !seen.has(ny * image.width + nx)) {
              seen.add(ny * image.width + nx);
              todo.push([nx, ny]);
            }
          }
      }
      out.push({ area, box, c: [sx / area, sy / area] });
    }
  return out;
}

function speckled(width: number, height: number, offset: number): GreyImage {
  const buffer = new Uint8Array(width * height + offset);
  let seed = 7;
  for (let i = 0; i < buffer.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    buffer[i] = seed % 100 < 35 ? 0 : seed % 100 < 45 ? 127 : 200;
  }
  return { width, height, data: buffer.subarray(offset) };
}

describe('findComponents', () => {
  it('finds the same blobs as a plain flood fill, on aligned and unaligned pixels', () => {
    for (const offset of [0, 1, 3])
      for (const region of [
        { x0: 0, y0: 0, x1: 100, y1: 66 },
        { x0: 3, y0: 5, x1: 58, y1: 40 },
        { x0: -10, y0: -4, x1: 140, y1: 90 },
      ]) {
        const image = speckled(101, 67, offset);
        const found = findComponents(image, region).map((c) => ({
          area: c.area,
          box: [c.x0, c.y0, c.x1, c.y1],
          c: [c.cx, c.cy],
        }));
        expect(found, `offset ${offset} region ${JSON.stringify(region)}`).toEqual(
          reference(image, region),
        );
      }
  });

  it('leaves out blobs larger than asked but still consumes them', () => {
    const image = speckled(64, 48, 0);
    const all = findComponents(image);
    const largest = Math.max(...all.map((c) => c.area));
    const small = findComponents(image, undefined, largest - 1);
    expect(small).toEqual(all.filter((c) => c.area < largest));
  });
});
