import { describe, expect, it } from 'vitest';
import type { Affine } from '../../src/image/affine.js';
import { locateTarget, measureTarget, transformOffsets } from '../../src/image/measure.js';
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

  it('agrees with measuring every place on a coarser page, where most pixels fold onto one', () => {
    // A 300 dpi template's target looked for on a 150 or 200 dpi scan: carried through a scale
    // of a half to three quarters, its listed pixels fall two to four on one page pixel.
    const random = new Random('measure', 'locate', 2);
    const width = 120;
    const height = 90;
    for (let round = 0; round < 40; round += 1) {
      const page: GreyImage = { width, height, data: new Uint8Array(width * height).fill(255) };
      for (let i = 0; i < page.data.length; i += 1)
        if (random.chance(round % 4 === 0 ? 0.2 : 0.02)) page.data[i] = 0;
      const outline = ringOffsets(random, 9, 12, 1 + random.next());
      const ring = ringOffsets(random, 13, 16, 1 + random.next());
      const scale = random.range(0.45, 0.8);
      const angle = random.range(-0.03, 0.03);
      const t: Affine = {
        a: scale * Math.cos(angle),
        b: -scale * Math.sin(angle),
        c: random.range(-2, 2),
        d: scale * Math.sin(angle),
        e: scale * Math.cos(angle),
        f: random.range(-2, 2),
      };
      // Printed where the page shows it (every other round), or not at all.
      const moved = transformOffsets(outline, t);
      const [px, py] = [60 + random.int(-4, 4), 45 + random.int(-4, 4)];
      if (round % 2 === 0)
        for (let i = 0; i < moved.length; i += 2)
          page.data[(py + (moved[i + 1] as number)) * width + px + (moved[i] as number)] = 0;
      const target: TemplateTarget = {
        index: 0,
        column: 0,
        x0: 90,
        y0: 70,
        width: 50,
        height: 25,
        cx: 100 / scale,
        cy: 75 / scale,
        shape: { outline, interior: new Int16Array(0), ring },
        templateInk: 0,
      };
      const at = { ...t, c: t.c + 60 - 100 * Math.cos(angle), f: t.f + 45 - 75 * Math.cos(angle) };
      const window = [2, 4, 6, 9][round % 4] as number;
      const found = locateTarget(page, target, at, window);
      expect(found).toEqual(reference(page, target, at, window));
      if (round % 2 === 0 && window >= 6) expect(found.score).toBeGreaterThan(0.8);
    }
  });
});

/** An oval target at (cx, cy): its outline, the inside less a pixel, and a ring of paper. */
function ovalTarget(cx: number, cy: number): TemplateTarget {
  const outline: number[] = [];
  const interior: number[] = [];
  const ring: number[] = [];
  for (let y = -12; y <= 12; y += 1)
    for (let x = -20; x <= 20; x += 1) {
      const d = Math.hypot(x / 14, y / 8);
      if (d < 0.8) interior.push(x, y);
      else if (d >= 0.9 && d <= 1.1) outline.push(x, y);
      else if (d > 1.25 && d <= 1.45) ring.push(x, y);
    }
  return {
    index: 0,
    column: 0,
    x0: cx - 15,
    y0: cy - 9,
    width: 31,
    height: 19,
    cx,
    cy,
    shape: {
      outline: Int16Array.from(outline),
      interior: Int16Array.from(interior),
      ring: Int16Array.from(ring),
    },
    templateInk: 0,
  };
}

const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 0, e: 1, f: 0 };

/**
 * A page of `targets` ovals printed in `print` on `paper`, with text-like print beside them,
 * the i-th filled with `fills[i]` (a grey level, or none), and noise of ±`noise` grey levels.
 */
function ovalPage(
  random: Random,
  targets: TemplateTarget[],
  fills: (number | undefined)[],
  levels: { paper: number; print: number; noise: number },
): GreyImage {
  const width = 400;
  const height = 60;
  const page: GreyImage = {
    width,
    height,
    data: new Uint8Array(width * height).fill(levels.paper),
  };
  const set = (x: number, y: number, v: number): void => {
    const n = levels.noise ? random.int(-levels.noise, levels.noise) : 0;
    page.data[y * width + x] = Math.max(0, Math.min(255, v + n));
  };
  for (let i = 0; i < page.data.length; i += 1) set(i % width, (i / width) | 0, levels.paper);
  targets.forEach((t, i) => {
    const { outline, interior } = t.shape;
    for (let k = 0; k < outline.length; k += 2)
      set(t.cx + (outline[k] as number), t.cy + (outline[k + 1] as number), levels.print);
    const fill = fills[i];
    if (fill !== undefined)
      for (let k = 0; k < interior.length; k += 2)
        set(t.cx + (interior[k] as number), t.cy + (interior[k + 1] as number), fill);
    // A word of print beside the target.
    for (let y = t.cy - 4; y <= t.cy + 4; y += 1)
      for (let x = t.cx + 20; x <= t.cx + 40; x += 1)
        if ((x + y) % 3 === 0) set(x, y, levels.print);
  });
  return page;
}

describe('measureTarget', () => {
  const targets = [40, 120, 200, 280, 360].map((x) => ovalTarget(x, 30));

  it('on a 1-bit page counts the inside pixels past the ink threshold, as ever', () => {
    const random = new Random('measure', 'bilevel', 1);
    const page = ovalPage(random, targets, [undefined, 0, undefined, 0, undefined], {
      paper: 255,
      print: 0,
      noise: 0,
    });
    // Specks inside every target, as a 1-bit scanner leaves of light pencil.
    for (const t of targets)
      for (let k = 0; k < t.shape.interior.length; k += 2)
        if (random.chance(0.2))
          page.data[
            (t.cy + (t.shape.interior[k + 1] as number)) * page.width +
              t.cx +
              (t.shape.interior[k] as number)
          ] = 0;
    for (const t of targets) {
      const { interior } = t.shape;
      let ink = 0;
      for (let k = 0; k < interior.length; k += 2)
        if (
          (page.data[
            (t.cy + (interior[k + 1] as number)) * page.width + t.cx + (interior[k] as number)
          ] as number) < 128
        )
          ink += 1;
      expect(measureTarget(page, t, IDENTITY, 2).fill).toBe(ink / (interior.length / 2));
    }
  });

  it('on a greyscale page reads faint pencil lighter than the ink threshold well above blank', () => {
    const random = new Random('measure', 'greyscale', 1);
    // Paper and print as a greyscale scanner writes them; pencil at 140 to 160 with noise of
    // ±8: no pixel of it is darker than the ink threshold (128).
    const fills = [undefined, 150, undefined, 160, 140];
    const page = ovalPage(random, targets, fills, { paper: 238, print: 24, noise: 8 });
    const read = targets.map((t) => measureTarget(page, t, IDENTITY, 2).fill);
    const blank = [read[0], read[2]] as number[];
    const faint = [read[1], read[3], read[4]] as number[];
    for (const b of blank) expect(b).toBeLessThan(0.02);
    // Over the fixed blank cut-off (0.1) by far: no band needed to see them.
    for (const f of faint) expect(f).toBeGreaterThan(0.2);
  });

  it('reads a full dark mark on a greyscale page as full', () => {
    const random = new Random('measure', 'greyscale', 2);
    const page = ovalPage(random, targets, [40, undefined, 90, undefined, 120], {
      paper: 230,
      print: 30,
      noise: 6,
    });
    const read = targets.map((t) => measureTarget(page, t, IDENTITY, 2).fill);
    expect(read[0]).toBeGreaterThan(0.95);
    expect(read[2]).toBeGreaterThan(0.95);
    expect(read[4]).toBeGreaterThan(0.95);
  });
});
