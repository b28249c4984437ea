import { boxHeight, boxWidth, findComponents, type Component, type Region } from './components.js';
import { estimateDpi, isInk, type GreyImage } from './grey.js';
import {
  findTargets,
  inkShare,
  orderByColumn,
  type FindTargetsOptions,
  type TemplateTarget,
} from './targets.js';

/**
 * Connect-the-arrow targets (ES&S and Sequoia Optech ballots): a broken arrow per option, its
 * tail and head printed apart, and the voter draws a line across the gap between them. On the
 * template an arrow is two blobs on one axis, their facing ends thin (the shafts), at least one
 * of them much taller somewhere (the head, or a feathered tail), with paper between them.
 */

/** Sizes in inches. */
const PART = { minW: 0.03, maxW: 0.45, minH: 0.015, maxH: 0.3 };
const GAP = { min: 0.06, max: 0.45 };
/** A shaft's end: no taller than this. */
const THIN = 0.05;
/** The two shafts' middles lie on one axis within this. */
const ALIGN = 0.02;
/** The band round the axis where a voter's line is looked for, each side. */
const BAND = 0.05;
/** Columns left out at each end of the gap, so that the printed shafts' edges are not a mark. */
const MARGIN = 0.015;
const RING = 3;

interface Span {
  top: number;
  bottom: number;
}

interface Part {
  c: Component;
  /** Ink extent of the two leftmost and two rightmost columns. */
  left: Span;
  right: Span;
  /** The tallest column's ink extent. */
  tallest: number;
}

const height = (s: Span): number => s.bottom - s.top + 1;
const middle = (s: Span): number => (s.top + s.bottom) / 2;

function spanOf(image: GreyImage, c: Component, from: number, to: number): Span {
  let top = Infinity;
  let bottom = -Infinity;
  for (let x = from; x <= to; x += 1)
    for (let y = c.y0; y <= c.y1; y += 1)
      if (isInk(image, x, y)) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
  return { top, bottom };
}

function partOf(image: GreyImage, c: Component): Part {
  let tallest = 0;
  for (let x = c.x0; x <= c.x1; x += 1) {
    const s = spanOf(image, c, x, x);
    if (s.bottom >= s.top) tallest = Math.max(tallest, height(s));
  }
  return {
    c,
    left: spanOf(image, c, c.x0, Math.min(c.x1, c.x0 + 1)),
    right: spanOf(image, c, Math.max(c.x0, c.x1 - 1), c.x1),
    tallest,
  };
}

interface Pair {
  tail: Part;
  head: Part;
  axis: number;
}

/** Finds the broken arrows of a page, ordered by column then top to bottom like other targets. */
export function findArrows(image: GreyImage, options: FindTargetsOptions = {}): TemplateTarget[] {
  const dpi = estimateDpi(image);
  const usual = arrowPairs(image, dpi, options);
  const arrows = usual.map((p) => arrowTarget(image, p, dpi));
  return orderByColumn([...arrows, ...markedArrows(image, arrows, dpi, options.within)], dpi * 0.4);
}

type Arrow = Omit<TemplateTarget, 'index' | 'column'>;

/** Share of a marked arrow's tail and head that must be ink, and most of its ring inked. */
const PRINTED = 0.9;
const RING_INKED = 0.15;

/**
 * An arrow that every exemplar's voter joined, some only part way, is neither a tail and head
 * with paper between them nor one blob of an arrow's length (see `reopenJoinedArrows`): it is
 * not found as the others are. Its tail and head are printed all the same, where its column's
 * other arrows are: one option's pitch from an arrow of the column (or from another such
 * place), a place where the nearest arrow's tail and head are ink and the paper round them
 * mostly paper is that arrow. It takes that arrow's shape; any line across its gap on the
 * template is a voter's, so none of it counts as print.
 */
function markedArrows(image: GreyImage, found: Arrow[], dpi: number, within?: Region): Arrow[] {
  if (found.length < 3) return [];
  const inColumn = (a: Arrow, b: Arrow): boolean => Math.abs(a.cx - b.cx) < dpi * 0.05;
  const steps = found
    .flatMap((t) => {
      const below = found.filter((u) => inColumn(t, u) && u.cy > t.cy).map((u) => u.cy - t.cy);
      return below.length ? [Math.min(...below)] : [];
    })
    .sort((a, b) => a - b);
  const pitch = steps[Math.floor(steps.length / 4)] ?? 0;
  if (pitch === 0) return [];
  const inkShare = (offsets: Int16Array, x: number, y: number): number => {
    let inked = 0;
    for (let k = 0; k < offsets.length; k += 2)
      if (isInk(image, x + (offsets[k] as number), y + (offsets[k + 1] as number))) inked += 1;
    return offsets.length ? (inked * 2) / offsets.length : 0;
  };
  const reach = Math.max(2, Math.round(dpi * 0.015));
  const added: Arrow[] = [];
  for (let more = true; more;) {
    more = false;
    for (const t of [...found, ...added]) {
      for (const side of [-1, 1]) {
        const ex = Math.round(t.cx);
        const ey = Math.round(t.cy + side * pitch);
        const all = [...found, ...added];
        if (all.some((u) => inColumn(u, t) && Math.abs(u.cy - ey) < pitch / 2)) continue;
        let best: { x: number; y: number; share: number } | undefined;
        for (let dy = -reach; dy <= reach; dy += 1)
          for (let dx = -reach; dx <= reach; dx += 1) {
            const share = inkShare(t.shape.outline, ex + dx, ey + dy);
            if (!best || share > best.share) best = { x: ex + dx, y: ey + dy, share };
          }
        if (!best || best.share < PRINTED) continue;
        if (inkShare(t.shape.ring, best.x, best.y) > RING_INKED) continue;
        const x0 = t.x0 + best.x - Math.round(t.cx);
        const y0 = t.y0 + best.y - Math.round(t.cy);
        if (
          within &&
          (x0 < within.x0 ||
            y0 < within.y0 ||
            x0 + t.width > within.x1 ||
            y0 + t.height > within.y1)
        )
          continue;
        added.push({ ...t, x0, y0, cx: best.x, cy: best.y, isSolid: true });
        more = true;
      }
    }
  }
  return added;
}

/**
 * Arrows that every exemplar's voter completed where no printed arrow of the column lies one
 * option's pitch away (`markedArrows` places those): the one option of an unopposed race, or a
 * race whose options all lie farther apart. On the combined page such an arrow is its tail, the
 * voter's line across the gap (whole where most voters drew it whole, else part of it) and its
 * head: one blob, or a blob from the tail to where the line stops and the head apart. Where the
 * printed arrow nearest it, laid on a blob of an arrow's height (a few pixels either way) by
 * its left end and middle, finds its tail and head all ink (90%) and the paper round them paper
 * (at most 15% ink; the gap is left out of that ring, as the line lies there), that is the
 * arrow, and the line's ink on the gap does not count against it: its
 * target region is the printed arrow's (tail and head as outline, the band across the gap as
 * interior, where a line is looked for) at the place found, and any line across the gap on the
 * template is a voter's, so it is solid (none of it counts as print). Each comes with whether it
 * lies in a column with printed arrows or with another such blob (0.05 in across); whether any
 * is a target is for the election's option counts and contest order to say (see
 * `buildTemplate`). A lone one must also lie no higher than the printed arrows' first row less
 * 0.1 in (the instructions' completed example lies above the contests).
 */
export function completedArrowCandidates(
  image: GreyImage,
  targets: TemplateTarget[],
  within?: Region,
): { aligned: TemplateTarget[]; lone: TemplateTarget[] } {
  const dpi = estimateDpi(image);
  const printed = targets.filter((t) => t.kind === 'arrow' && !t.isSolid);
  if (printed.length === 0) return { aligned: [], lone: [] };
  const median = (values: number[]): number =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const length = median(printed.map((t) => t.width));
  const tall = median(printed.map((t) => t.height));
  const reach = Math.max(2, Math.round(dpi * 0.015));
  const found: Arrow[] = [];
  for (const c of findComponents(image, undefined, dpi * dpi)) {
    if (within && (c.x0 < within.x0 || c.y0 < within.y0 || c.x1 > within.x1 || c.y1 > within.y1))
      continue;
    // The blob holding the tail: up to the whole arrow where the line joins it to the head.
    if (boxWidth(c) < length * 0.25 || boxWidth(c) > length * 1.1) continue;
    if (Math.abs(boxHeight(c) - tall) > tall * 0.2) continue;
    if (
      targets.some(
        (t) => t.x0 <= c.x1 && c.x0 <= t.x0 + t.width - 1 && t.cy >= c.y0 && t.cy <= c.y1,
      )
    )
      continue;
    const cx = (c.x0 + c.x1) / 2;
    const cy = (c.y0 + c.y1) / 2;
    const model = [...printed].sort(
      (p, q) =>
        Math.abs(p.cx - cx) - Math.abs(q.cx - cx) || Math.abs(p.cy - cy) - Math.abs(q.cy - cy),
    )[0] as TemplateTarget;
    const ex = c.x0 + Math.round(model.cx - model.x0);
    const ey = Math.round((c.y0 + c.y1) / 2 + (model.cy - (model.y0 + (model.height - 1) / 2)));
    let best: { x: number; y: number; share: number } | undefined;
    for (let dy = -reach; dy <= reach; dy += 1)
      for (let dx = -reach; dx <= reach; dx += 1) {
        const share = inkShare(image, model.shape.outline, ex + dx, ey + dy);
        if (!best || share > best.share) best = { x: ex + dx, y: ey + dy, share };
      }
    if (!best || best.share < PRINTED) continue;
    if (inkShare(image, model.shape.ring, best.x, best.y) > RING_INKED) continue;
    const at = best;
    if (found.some((a) => Math.abs(a.cx - at.x) < model.width / 2 && Math.abs(a.cy - at.y) < tall))
      continue;
    const { index: _index, column: _column, ...shape } = model;
    found.push({
      ...shape,
      x0: model.x0 + best.x - model.cx,
      y0: model.y0 + best.y - model.cy,
      cx: best.x,
      cy: best.y,
      isSolid: true,
    });
  }
  const near = dpi * COLUMN;
  const top = Math.min(...printed.map((t) => t.cy)) - 0.1 * dpi;
  const aligned: Arrow[] = [];
  const lone: Arrow[] = [];
  for (const a of found) {
    const inLine = [...printed, ...found].some((o) => o !== a && Math.abs(o.cx - a.cx) < near);
    if (inLine) aligned.push(a);
    else if (a.cy >= top) lone.push(a);
  }
  const numbered = (list: Arrow[]): TemplateTarget[] =>
    list.map((a, index) => ({ ...a, index, column: 0 }));
  return { aligned: numbered(aligned), lone: numbered(lone) };
}

/** The page's tail and head pairs that are arrows, of the size the election file gives if any. */
function arrowPairs(
  image: GreyImage,
  dpi: number,
  options: FindTargetsOptions,
  /** Where to look for ink (all the page by default); `within` still bounds each part. */
  scan?: Region,
): Pair[] {
  const { within, spec } = options;
  const parts: Part[] = [];
  for (const c of findComponents(image, scan, dpi * dpi)) {
    if (within && (c.x0 < within.x0 || c.y0 < within.y0 || c.x1 > within.x1 || c.y1 > within.y1))
      continue;
    const w = boxWidth(c) / dpi;
    const h = boxHeight(c) / dpi;
    if (w < PART.minW || w > PART.maxW || h < PART.minH || h > PART.maxH) continue;
    parts.push(partOf(image, c));
  }
  parts.sort((a, b) => a.c.x0 - b.c.x0);
  const pairs: Pair[] = [];
  const taken = new Set<Part>();
  for (const left of parts) {
    if (taken.has(left) || height(left.right) > THIN * dpi) continue;
    let best: Pair | undefined;
    let bestGap = Infinity;
    for (const right of parts) {
      const gap = right.c.x0 - left.c.x1 - 1;
      if (gap > GAP.max * dpi) break;
      if (gap < GAP.min * dpi || taken.has(right) || height(right.left) > THIN * dpi) continue;
      if (Math.abs(middle(left.right) - middle(right.left)) > ALIGN * dpi) continue;
      const isHeaded =
        right.tallest >= 2 * height(right.left) || left.tallest >= 2 * height(left.right);
      if (!isHeaded || gap >= bestGap) continue;
      const axis = Math.round((middle(left.right) + middle(right.left)) / 2);
      if (!isClear(image, left.c.x1 + 1, right.c.x0 - 1, axis)) continue;
      best = { tail: left, head: right, axis };
      bestGap = gap;
    }
    if (!best) continue;
    taken.add(best.tail);
    taken.add(best.head);
    pairs.push(best);
  }
  const sized = pairs.filter((p) => fitsSpec(p, dpi, spec?.width, spec?.height));
  return usualPairs(sized);
}

/** A reopened arrow's left end lies this near (inches) another arrow's: one column. */
const COLUMN = 0.05;
/** Columns of a joined gap that must hold ink, no taller than a shaft, for it to be reopened. */
const JOINED = 0.8;

/**
 * An arrow that nearly every exemplar's voter joined is one blob on a combined page: tail, line
 * and head. Where the page shows other arrows, a blob of their length and height, in a column
 * with them, whose columns at their gap's place hold a thin line and nothing else is such an arrow: those columns are
 * cleared back to paper (on `image` itself), so that the arrow is found as the others are.
 * Answers how many arrows were reopened.
 */
export function reopenJoinedArrows(image: GreyImage): number {
  const dpi = estimateDpi(image);
  const pairs = arrowPairs(image, dpi, {});
  if (pairs.length < 3) return 0;
  const typical = (of: (p: Pair) => number): number => {
    const sorted = pairs.map(of).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  const length = typical(lengthOf);
  const tall = typical(tallOf);
  const gap = typical(gapOf);
  const tail = typical((p) => boxWidth(p.tail.c));
  const near = (x: number, y: number, share: number): boolean => Math.abs(x - y) <= y * share;
  const found = pairs.map((p) => ({ x0: p.tail.c.x0, x1: p.head.c.x1, y: p.axis }));
  let reopened = 0;
  for (const c of findComponents(image, undefined, dpi * dpi)) {
    if (!near(boxWidth(c), length, 0.1) || !near(boxHeight(c), tall, 0.2)) continue;
    if (found.some((f) => f.x0 <= c.x1 && c.x0 <= f.x1 && f.y >= c.y0 && f.y <= c.y1)) continue;
    // In a column of arrows: a completed arrow printed as an example in the instructions is not.
    if (!found.some((f) => Math.abs(f.x0 - c.x0) <= COLUMN * dpi)) continue;
    const from = c.x0 + tail;
    const to = from + gap - 1;
    if (!isThinLine(image, c, from, to, dpi)) continue;
    // Cleared, the blob must part into a tail and head like the page's other arrows.
    const rows: Uint8Array[] = [];
    for (let y = c.y0; y <= c.y1; y += 1) {
      const at = y * image.width;
      rows.push(image.data.slice(at + from, at + to + 1));
      image.data.fill(255, at + from, at + to + 1);
    }
    const region = { x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 };
    const like = arrowPairs(image, dpi, { within: region }, region).filter(
      (p) =>
        near(lengthOf(p), length, 0.1) && near(gapOf(p), gap, 0.2) && near(tallOf(p), tall, 0.2),
    );
    if (like.length === 1) reopened += 1;
    else rows.forEach((row, k) => image.data.set(row, (c.y0 + k) * image.width + from));
  }
  return reopened;
}

/** Most columns from `from` to `to` of the blob hold ink, none of it taller than a shaft. */
function isThinLine(
  image: GreyImage,
  c: Component,
  from: number,
  to: number,
  dpi: number,
): boolean {
  let inked = 0;
  for (let x = from; x <= to; x += 1) {
    const s = spanOf(image, c, x, x);
    if (s.bottom < s.top) continue;
    if (height(s) > THIN * dpi) return false;
    inked += 1;
  }
  return to >= from && inked >= JOINED * (to - from + 1);
}

/**
 * Outlines (ovals, boxes) or arrows, as the election or JOB file says; where it says `oval` or
 * nothing, whichever the page shows more of (the JOB form writes `oval` by default).
 */
export function findVotingTargets(
  image: GreyImage,
  options: FindTargetsOptions = {},
): TemplateTarget[] {
  const shape = options.spec?.shape;
  if (shape === 'arrow') return findArrows(image, options);
  const outlines = findTargets(image, options);
  if (shape === 'box') return outlines;
  const arrows = findArrows(image, options);
  return arrows.length >= 3 && arrows.length > outlines.length ? arrows : outlines;
}

/** No ink on the axis (or a pixel either side of it) between the shafts' ends. */
function isClear(image: GreyImage, from: number, to: number, axis: number): boolean {
  for (let x = from; x <= to; x += 1)
    for (let y = axis - 1; y <= axis + 1; y += 1) if (isInk(image, x, y)) return false;
  return true;
}

const lengthOf = (p: Pair): number => p.head.c.x1 - p.tail.c.x0 + 1;
const gapOf = (p: Pair): number => p.head.c.x0 - p.tail.c.x1 - 1;
const tallOf = (p: Pair): number =>
  Math.max(p.tail.c.y1, p.head.c.y1) - Math.min(p.tail.c.y0, p.head.c.y0) + 1;

/** Within 40% of the arrow's length and height that the election file gives, if it does. */
function fitsSpec(p: Pair, dpi: number, width?: number, tall?: number): boolean {
  if (!width || !tall) return true;
  return (
    Math.abs(lengthOf(p) / dpi - width) <= width * 0.4 &&
    Math.abs(tallOf(p) / dpi - tall) <= tall * 0.4
  );
}

/**
 * A ballot prints its arrows alike: the pairs whose length, height and gap most others share
 * (within 20%) are kept, and pairs of letters that happen to look like an arrow drop out.
 */
function usualPairs(pairs: Pair[]): Pair[] {
  if (pairs.length < 3) return pairs;
  const like = (a: Pair, b: Pair): boolean =>
    [
      [lengthOf(a), lengthOf(b)],
      [gapOf(a), gapOf(b)],
      [tallOf(a), tallOf(b)],
    ].every(([x = 0, y = 0]) => Math.abs(x - y) <= x * 0.2);
  let best: Pair[] = [];
  for (const p of pairs) {
    const group = pairs.filter((q) => like(p, q));
    if (group.length > best.length) best = group;
  }
  return best;
}

/**
 * The arrow as a target: its centre is the middle of the gap; its outline is the printed tail
 * and head, its ring the paper round them (not in the gap, where the voter's line goes), and
 * its interior the band across the gap, column by column, where a line is looked for.
 */
function arrowTarget(
  image: GreyImage,
  p: Pair,
  dpi: number,
): Omit<TemplateTarget, 'index' | 'column'> {
  const x0 = p.tail.c.x0;
  const x1 = p.head.c.x1;
  const y0 = Math.min(p.tail.c.y0, p.head.c.y0);
  const y1 = Math.max(p.tail.c.y1, p.head.c.y1);
  const gapFrom = p.tail.c.x1 + 1;
  const gapTo = p.head.c.x0 - 1;
  const cx = (gapFrom + gapTo) / 2;
  const ox = Math.round(cx);
  const oy = p.axis;
  const w = x1 - x0 + 1 + 2 * RING;
  const h = y1 - y0 + 1 + 2 * RING;
  const inGap = (x: number): boolean => x >= gapFrom && x <= gapTo;
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const px = x0 - RING + x;
      if (!inGap(px) && isInk(image, px, y0 - RING + y)) ink[y * w + x] = 1;
    }
  const near = spread(ink, w, h, 1);
  const far = spread(ink, w, h, RING);
  const outline: number[] = [];
  const ring: number[] = [];
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const px = x0 - RING + x;
      const py = y0 - RING + y;
      const i = y * w + x;
      if (ink[i]) outline.push(px - ox, py - oy);
      else if (far[i] && !near[i] && !inGap(px)) ring.push(px - ox, py - oy);
    }
  const margin = Math.max(2, Math.round(MARGIN * dpi));
  const band = Math.round(BAND * dpi);
  const interior: number[] = [];
  for (let x = gapFrom + margin; x <= gapTo - margin; x += 1)
    for (let dy = -band; dy <= band; dy += 1) interior.push(x - ox, dy);
  return {
    x0,
    y0,
    width: x1 - x0 + 1,
    height: y1 - y0 + 1,
    cx: ox,
    cy: oy,
    shape: {
      outline: Int16Array.from(outline),
      interior: Int16Array.from(interior),
      ring: Int16Array.from(ring),
    },
    kind: 'arrow',
    templateInk: 0,
  };
}

/** Grows a mask by r pixels in every direction (a square). */
function spread(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      if (!mask[y * w + x]) continue;
      for (let dy = Math.max(0, y - r); dy <= Math.min(h - 1, y + r); dy += 1)
        out.fill(1, dy * w + Math.max(0, x - r), dy * w + Math.min(w - 1, x + r) + 1);
    }
  return out;
}
