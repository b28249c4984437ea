import type { Point } from './affine.js';
import { boxHeight, boxWidth, fillRatio, findComponents, type Component } from './components.js';
import { estimateDpi, INK_THRESHOLD, type GreyImage } from './grey.js';
import { keptQuarter } from './paper-blocks.js';

/**
 * Four points a page is registered on when it has no timing marks, clockwise from top left:
 * the corners of the printed frame (Hart prints a box round every contest column), else the
 * centres of corner marks, else the corners of the printed content.
 */
export interface Anchors {
  kind: 'frame' | 'corner-marks' | 'content';
  points: [Point, Point, Point, Point];
}

/**
 * Finds the page's anchors, or undefined when the page shows nothing to register on; with
 * `kind`, only anchors of that kind (a page is paired with a template's own kind).
 */
export function findAnchors(image: GreyImage, kind?: Anchors['kind']): Anchors | undefined {
  // A page is laid on several templates when its style is matched: find its anchors once.
  const cached = found.get(image);
  const key = kind ?? 'any';
  if (cached?.has(key)) return cached.get(key);
  const anchors = anchorsOf(image, kind);
  found.set(image, (cached ?? new Map<string, Anchors | undefined>()).set(key, anchors));
  return anchors;
}

const found = new WeakMap<GreyImage, Map<string, Anchors | undefined>>();

/** Pages are searched for anchors at a quarter of their resolution: 16 times fewer pixels. */
const SHRINK = 4;

function anchorsOf(image: GreyImage, kind?: Anchors['kind']): Anchors | undefined {
  const dpi = estimateDpi(image);
  const small = shrink(image, SHRINK);
  const every = findComponents(small, undefined, Infinity)
    .filter((c) => boxWidth(c) * boxHeight(c) * SHRINK * SHRINK > (dpi * 0.05) ** 2)
    .map((c) => ({ c, isAtEdge: touchesEdge(c, small) }));
  const components = every.filter((e) => !e.isAtEdge).map((e) => grow(e.c, SHRINK));
  // A corner mark a skewed feed pushed to the page's edge still counts (see `cornerMarkAnchors`).
  const marks = (): Component[] => every.map((e) => grow(e.c, SHRINK));
  if (kind === 'frame') return frameAnchors(image, components, dpi);
  if (kind === 'corner-marks') return cornerMarkAnchors(image, marks(), dpi);
  if (kind === 'content') return contentAnchors(components, dpi);
  return (
    frameAnchors(image, components, dpi) ??
    cornerMarkAnchors(image, marks(), dpi) ??
    contentAnchors(components, dpi)
  );
}

/** A page at 1/factor of its size, a pixel ink where any pixel of its block is. */
function shrink(image: GreyImage, factor: number): GreyImage {
  // A page being read had it made with its blank blocks, in the same pass.
  const kept = factor === 4 ? keptQuarter(image) : undefined;
  if (kept) return kept;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height).fill(255);
  const source = image.data;
  // Four pixels at a time where a row starts on a word: a byte under 128 has its high bit clear.
  const words =
    factor === 4 && INK_THRESHOLD === 128
      ? new Uint32Array(
          source.buffer,
          source.byteOffset - (source.byteOffset % 4),
          ((source.byteOffset % 4) + source.length) >> 2,
        )
      : undefined;
  for (let y = 0; y < height * factor; y += 1) {
    const out = Math.floor(y / factor) * width;
    const start = y * image.width;
    if (words && (source.byteOffset + start) % 4 === 0) {
      const first = (source.byteOffset + start) >> 2;
      const base = source.byteOffset >> 2;
      for (let ox = 0; ox < width; ox += 1)
        if ((~(words[first - base + ox] as number) & 0x80808080) !== 0) data[out + ox] = 0;
      continue;
    }
    for (let ox = 0, at = start; ox < width; ox += 1, at += factor) {
      if (data[out + ox] === 0) continue;
      for (let k = 0; k < factor; k += 1)
        if ((source[at + k] as number) < INK_THRESHOLD) {
          data[out + ox] = 0;
          break;
        }
    }
  }
  return { width, height, data };
}

/** A component found on the shrunk page, in the page's pixels (its box, a block wider). */
function grow(c: Component, factor: number): Component {
  return {
    x0: c.x0 * factor,
    y0: c.y0 * factor,
    x1: c.x1 * factor + factor - 1,
    y1: c.y1 * factor + factor - 1,
    area: c.area * factor * factor,
    cx: c.cx * factor + (factor - 1) / 2,
    cy: c.cy * factor + (factor - 1) / 2,
  };
}

/** Scanner borders and paper edges touch the page's edge; printing mostly does not. */
function touchesEdge(c: Component, image: GreyImage): boolean {
  return c.x0 <= 0 || c.y0 <= 0 || c.x1 >= image.width - 1 || c.y1 >= image.height - 1;
}

/**
 * The outer box of the largest printed frame: one connected outline spanning most of the page.
 * Its four sides are fitted as lines from the first ink met coming in from outside, so a corner
 * is placed to a fraction of a pixel even on a skewed or rough-edged scan.
 */
function frameAnchors(image: GreyImage, components: Component[], dpi: number): Anchors | undefined {
  const frame = components
    .filter(
      (c) =>
        boxWidth(c) > image.width * 0.5 && boxHeight(c) > image.height * 0.4 && fillRatio(c) < 0.25,
    )
    .sort((a, b) => boxWidth(b) * boxHeight(b) - boxWidth(a) * boxHeight(a))[0];
  if (!frame) return undefined;
  const depth = Math.round(dpi * 0.3);
  const step = Math.max(2, Math.round(dpi / 50));
  const sides = (['left', 'top', 'right', 'bottom'] as const).map((side) =>
    sideLine(image, frame, side, depth, step),
  );
  const [left, top, right, bottom] = sides;
  if (!left || !top || !right || !bottom) return undefined;
  const tl = meet(left, top);
  const tr = meet(right, top);
  const br = meet(right, bottom);
  const bl = meet(left, bottom);
  if (!tl || !tr || !br || !bl) return undefined;
  return { kind: 'frame', points: [tl, tr, br, bl] };
}

/** A side as a line: along = slope·across + offset, across running the side's length. */
interface Side {
  vertical: boolean;
  slope: number;
  offset: number;
}

function sideLine(
  image: GreyImage,
  c: Component,
  side: 'left' | 'top' | 'right' | 'bottom',
  depth: number,
  step: number,
): Side | undefined {
  const vertical = side === 'left' || side === 'right';
  const [from, to] = vertical ? [c.y0, c.y1] : [c.x0, c.x1];
  const margin = Math.round((to - from) * 0.1);
  const points: { across: number; along: number }[] = [];
  for (let a = from + margin; a <= to - margin; a += step) {
    const hit = firstInk(image, c, side, a, depth);
    if (hit !== undefined) points.push({ across: a, along: hit });
  }
  if (points.length < 8) return undefined;
  const line = robustLine(points);
  return line ? { vertical, ...line } : undefined;
}

/** The first ink along a row or column coming in from the component's edge, within `depth`. */
function firstInk(
  image: GreyImage,
  c: Component,
  side: 'left' | 'top' | 'right' | 'bottom',
  across: number,
  depth: number,
): number | undefined {
  const { width, data } = image;
  for (let k = 0; k <= depth; k += 1) {
    let x: number;
    let y: number;
    if (side === 'left') [x, y] = [c.x0 + k, across];
    else if (side === 'right') [x, y] = [c.x1 - k, across];
    else if (side === 'top') [x, y] = [across, c.y0 + k];
    else [x, y] = [across, c.y1 - k];
    if ((data[y * width + x] ?? 255) < INK_THRESHOLD)
      return side === 'left' || side === 'right' ? x : y;
  }
  return undefined;
}

/** Least squares, refitted without the points farthest from the first fit (notches, text). */
function robustLine(
  points: { across: number; along: number }[],
): { slope: number; offset: number } | undefined {
  const fit = (ps: typeof points): { slope: number; offset: number } => {
    const n = ps.length;
    const ma = ps.reduce((s, p) => s + p.across, 0) / n;
    const ml = ps.reduce((s, p) => s + p.along, 0) / n;
    const va = ps.reduce((s, p) => s + (p.across - ma) ** 2, 0);
    const slope = va > 0 ? ps.reduce((s, p) => s + (p.across - ma) * (p.along - ml), 0) / va : 0;
    return { slope, offset: ml - slope * ma };
  };
  let kept = points;
  let line = fit(kept);
  for (let round = 0; round < 3; round += 1) {
    const residual = kept.map((p) => Math.abs(p.along - (line.slope * p.across + line.offset)));
    const cut = Math.max(
      1.5,
      [...residual].sort((a, b) => a - b)[Math.floor(kept.length * 0.7)] ?? 0,
    );
    const next = kept.filter((_, i) => (residual[i] ?? 0) <= cut);
    if (next.length < 6) break;
    kept = next;
    line = fit(kept);
  }
  return kept.length >= 6 ? line : undefined;
}

/** Where a vertical side (x = s·y + o) meets a horizontal one (y = s·x + o). */
function meet(a: Side, b: Side): Point | undefined {
  const [v, h] = a.vertical ? [a, b] : [b, a];
  if (!v.vertical || h.vertical) return undefined;
  // x = v.slope·y + v.offset, y = h.slope·x + h.offset
  const denominator = 1 - v.slope * h.slope;
  if (Math.abs(denominator) < 1e-6) return undefined;
  const x = (v.slope * h.offset + v.offset) / denominator;
  return { x, y: h.slope * x + h.offset };
}

/**
 * Solid square-ish marks nearest each corner of the page, as printed for registration by
 * several vendors. A skewed or shifted feed can push marks to the page's edge, so blots at the
 * edge count too (a scanner's border there is no mark's size); a mark cut off, or a voter's
 * filled box nearest a corner whose mark is gone, is unlike the others in size and is set
 * aside, and one corner missing is placed from the other three (the marks print as a
 * rectangle, which any skew, scale or shift keeps a parallelogram). Refining on the targets
 * then fits the page.
 */
function cornerMarkAnchors(
  image: GreyImage,
  components: Component[],
  dpi: number,
): Anchors | undefined {
  const solid = components.filter((c) => {
    const w = boxWidth(c) / dpi;
    const h = boxHeight(c) / dpi;
    return (
      w >= 0.08 && w <= 0.6 && h >= 0.08 && h <= 0.6 && w / h < 3 && h / w < 3 && fillRatio(c) > 0.5
    );
  });
  const reach = dpi * 1.6;
  const corners: Point[] = [
    { x: 0, y: 0 },
    { x: image.width, y: 0 },
    { x: image.width, y: image.height },
    { x: 0, y: image.height },
  ];
  const found = corners.map((corner) => {
    let best: Component | undefined;
    let bestDistance = reach;
    for (const c of solid) {
      const d = Math.hypot(c.cx - corner.x, c.cy - corner.y);
      if (d < bestDistance) [best, bestDistance] = [c, d];
    }
    return best;
  });
  const marks = alike(found);
  if (marks.filter(Boolean).length < 3) return undefined;
  const points = marks.map((m) => (m ? { x: m.cx, y: m.cy } : undefined));
  const missing = points.findIndex((p) => !p);
  if (missing >= 0) {
    // The corner opposite the missing one, and its two neighbours: p = left + right − opposite.
    const at = (k: number): Point => points[(missing + k) % 4] as Point;
    points[missing] = { x: at(1).x + at(3).x - at(2).x, y: at(1).y + at(3).y - at(2).y };
  }
  const [a, b, c, d] = points;
  if (!a || !b || !c || !d) return undefined;
  return { kind: 'corner-marks', points: [a, b, c, d] };
}

/** Corner marks print at one size: a blot a third wider or taller than the others' middle is none. */
function alike(found: (Component | undefined)[]): (Component | undefined)[] {
  const present = found.filter((c): c is Component => !!c);
  if (present.length < 3) return found;
  const middle = (values: number[]): number => {
    const sorted = [...values].sort((p, q) => p - q);
    const n = sorted.length;
    return n % 2
      ? (sorted[(n - 1) / 2] as number)
      : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
  };
  const w = middle(present.map(boxWidth));
  const h = middle(present.map(boxHeight));
  const near = (v: number, m: number): boolean => v <= m * 1.3 && v >= m / 1.3;
  return found.map((c) => (c && near(boxWidth(c), w) && near(boxHeight(c), h) ? c : undefined));
}

/** The corners of the box round all printing (blobs larger than a speck), as a last resort. */
function contentAnchors(components: Component[], dpi: number): Anchors | undefined {
  const printed = components.filter((c) => c.area > dpi * 0.02 * dpi * 0.02);
  if (printed.length < 4) return undefined;
  const x0 = Math.min(...printed.map((c) => c.x0));
  const y0 = Math.min(...printed.map((c) => c.y0));
  const x1 = Math.max(...printed.map((c) => c.x1));
  const y1 = Math.max(...printed.map((c) => c.y1));
  return {
    kind: 'content',
    points: [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ],
  };
}
