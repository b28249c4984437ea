import { describe, expect, it } from 'vitest';
import type { Affine } from '../../src/image/affine.js';
import { locateTarget, transformOffsets } from '../../src/image/measure.js';
import type { Offsets } from '../../src/image/shape.js';
import type { TemplateTarget } from '../../src/image/targets.js';
import type { GreyImage } from '../../src/index.js';
import { Random } from '../../src/synth/random.js';

/** Every place in the window measured pixel by pixel: what the fast search must agree with. */
function reference(page: GreyImage, target: TemplateTarget, t: Affine, window: number) {
  const share = (offsets: Offsets, x: number, y: number): number => {
    let ink = 0;
    for (let i = 0; i < offsets.length; i += 2) {
      const px = x + (offsets[i] as number);
      const py = y + (offsets[i + 1] as number);
      if (px < 0 || py < 0 || px >= page.width || py >= page.height) continue;
      if ((page.data[py * page.width + px] as number) < 128) ink += 1;
    }
    return offsets.length > 0 ? ink / (offsets.length / 2) : 0;
  };
  const outline = transformOffsets(target.shape.outline, t);
  const ring = transformOffsets(target.shape.ring, t);
  const cx = Math.round(target.cx);
  const cy = Math.round(target.cy);
  const ex = Math.round(t.a * cx + t.b * cy + t.c);
  const ey = Math.round(t.d * cx + t.e * cy + t.f);
  let best = { x: ex, y: ey, score: 0 };
  let bestScore = -Infinity;
  for (let dy = -window; dy <= window; dy += 1)
    for (let dx = -window; dx <= window; dx += 1) {
      const pull = 0.002 * (dx * dx + dy * dy);
      const fit = share(outline, ex + dx, ey + dy) - share(ring, ex + dx, ey + dy);
      if (fit - pull > bestScore) {
        bestScore = fit - pull;
        best = { x: ex + dx, y: ey + dy, score: fit };
      }
    }
  return best;
}

/** A ring of pixels round the centre, a few listed twice, as rounding can list them. */
function ringOffsets(random: Random, inner: number, outer: number, squash: number): Offsets {
  const out: number[] = [];
  for (let y = -outer; y <= outer; y += 1)
    for (let x = -outer * 2; x <= outer * 2; x += 1) {
      const d = Math.hypot(x / 2, y / squash);
      if (d < inner || d > outer) continue;
      out.push(x, y);
      if (random.chance(0.03)) out.push(x, y);
    }
  return Int16Array.from(out);
}

describe('locateTarget', () => {
  it('finds the place and score that measuring every place pixel by pixel finds', () => {
    const random = new Random('measure', 'locate', 1);
    const width = 160;
    const height = 120;
    let checked = 0;
    for (let round = 0; round < 60; round += 1) {
      // Paper with specks, an outline printed near the middle, and sometimes a mark inside.
      const page: GreyImage = { width, height, data: new Uint8Array(width * height).fill(255) };
      for (let i = 0; i < page.data.length; i += 1)
        if (random.chance(round % 3 === 0 ? 0.3 : 0.03)) page.data[i] = 0;
      const outline = ringOffsets(random, 5, 7, 1 + random.next());
      const ring = ringOffsets(random, 8, 10, 1 + random.next());
      const px = 80 + random.int(-6, 6);
      const py = 60 + random.int(-6, 6);
      for (let i = 0; i < outline.length; i += 2)
        page.data[(py + (outline[i + 1] as number)) * width + px + (outline[i] as number)] = 0;
      const target: TemplateTarget = {
        index: 0,
        column: 0,
        x0: 60,
        y0: 50,
        width: 40,
        height: 20,
        cx: 80,
        cy: 60,
        shape: { outline, interior: new Int16Array(0), ring },
        templateInk: 0,
      };
      const angle = random.range(-0.03, 0.03);
      const scale = random.range(0.95, 1.08);
      const t: Affine = {
        a: scale * Math.cos(angle),
        b: -scale * Math.sin(angle),
        c: random.range(-3, 3),
        d: scale * Math.sin(angle),
        e: scale * Math.cos(angle),
        f: random.range(-3, 3),
      };
      // Near the page's edge too, where the window runs off it.
      const edge = round % 5 === 0 ? { ...t, c: t.c - 70 } : t;
      const window = [2, 4, 6, 9][round % 4] as number;
      expect(locateTarget(page, target, edge, window)).toEqual(
        reference(page, target, edge, window),
      );
      checked += 1;
    }
    expect(checked).toBe(60);
  });
});
