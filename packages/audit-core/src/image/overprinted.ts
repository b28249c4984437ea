import type { Region } from './components.js';
import { INK_THRESHOLD, type GreyImage } from './grey.js';
import type { Offsets } from './shape.js';
import type { TemplateTarget } from './targets.js';

/** A target as the outline finder gives it (see `findTargets`), before its place in the order. */
export type Outlined = Omit<TemplateTarget, 'index' | 'column'>;

/** Share of the outline's pixels that must be ink where a target is taken. */
const OUTLINE = 0.88;
/**
 * With clean paper in and round it (at most this share inked), less of the outline will do:
 * a thin outline on a rough scan, which the outline finder can miss where it breaks.
 */
const OUTLINE_CLEAN = 0.75;
const CLEAN = 0.1;
/** One pitch from a target of its column, its pixels themselves must be ink this often. */
const OUTLINE_NEAR = 0.92;
/**
 * How much more of the outline than of the paper in and round it must be ink: anywhere on a
 * column, and one option's pitch from a target of it (under a dense tint, where the paper
 * shows only as specks).
 */
const CLEAR = 0.35;
const FAINT = 0.12;
/** Columns of targets lean with the page by this much at most (2°). */
const MAX_LEAN = 0.035;

interface Place {
  x: number;
  y: number;
  /** Share of the outline's pixels that are ink themselves. */
  outline: number;
  /** The outline's ink share less that of the paper in and round it. */
  fit: number;
  model: Model;
}

interface Line {
  a: number;
  b: number;
  /** The targets found on it; none on a column placed by the others' spacing. */
  targets: Outlined[];
}

/**
 * Targets printed over by other ink (a SAMPLE or VOID word across a sample ballot, a
 * watermark) join that ink into one blob, which the outline finder passes over. A ballot
 * prints its targets alike and in columns at a regular spacing: from the targets found, the
 * shape is laid along each column (and one column's spacing beyond the first and last), and a
 * place is a target where the whole outline is ink while the paper inside and round it is
 * clearly lighter (the other print covers part of it), or, one option's pitch from a target of
 * the column or from another such place, somewhat lighter (a dense tint over all of it, the
 * paper showing as specks).
 */
export function findOverprinted(
  image: GreyImage,
  found: Outlined[],
  dpi: number,
  within?: Region,
): Outlined[] {
  const clean = found.filter((t) => !t.isSolid && !t.isOverprinted);
  if (clean.length < 3) return [];
  // A thin outline scanned at 1 bit breaks in places, each target in its own: the shapes of a
  // few targets and their ridge are tried, and a place takes the one that fits it best.
  const models = modelsOf(clean);
  const { width, height, data } = image;
  const isInk = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < width && y < height && (data[y * width + x] as number) < INK_THRESHOLD;
  /** Share of the pixels that are ink; -1 once more than `allowed` are paper. */
  const share = (offsets: Offsets, x: number, y: number, allowed = Infinity): number => {
    let missed = 0;
    for (let k = 0; k < offsets.length; k += 2)
      if (!isInk(x + (offsets[k] as number), y + (offsets[k + 1] as number)) && ++missed > allowed)
        return -1;
    return 1 - (missed * 2) / offsets.length;
  };
  const [first] = models as [Model];
  const isFree = (cx: number, cy: number): boolean =>
    !found.some((t) => Math.abs(t.cx - cx) < first.width && Math.abs(t.cy - cy) < first.height);

  const reach = Math.max(2, Math.round(dpi * 0.02));
  const top = Math.max(within?.y0 ?? 0, Math.round(dpi * 0.2));
  const bottom = Math.min(within?.y1 ?? height, height - Math.round(dpi * 0.2));
  const left = Math.max(within?.x0 ?? 0, Math.round(dpi * 0.2));
  const right = Math.min(within?.x1 ?? width, width - Math.round(dpi * 0.2));
  const pitch = pitchOf(found, dpi);
  const added: Outlined[] = [];
  const box = boxOf(first.outline);
  const least = (first.outline.length / 2) * OUTLINE_CLEAN;
  for (const line of linesOf(found, dpi)) {
    const places: Place[] = [];
    // Most places are paper: the ink in the box round the outline, from a table of sums over
    // the column's strip, rules them out at one look.
    const ends = [line.a + line.b * top, line.a + line.b * bottom];
    const inked = stripSums(
      image,
      Math.round(Math.min(...ends)) - reach + box.x0,
      top + box.y0,
      Math.round(Math.max(...ends)) + reach + box.x1,
      bottom + box.y1,
    );
    for (let y = top; y <= bottom; y += 1) {
      const middle = Math.round(line.a + line.b * y);
      for (let x = Math.max(left, middle - reach); x <= Math.min(right, middle + reach); x += 1) {
        if (inked(x + box.x0, y + box.y0, x + box.x1, y + box.y1) < least) continue;
        if (share(first.outline, x, y, first.outline.length * 0.15) < 0) continue;
        let best: Place | undefined;
        for (const model of models) {
          const o = share(model.outline, x, y, model.misses);
          if (o < OUTLINE_CLEAN) continue;
          const around = share(model.around, x, y);
          if (o < OUTLINE && around > CLEAN) continue;
          const fit = o - around;
          if (!best || fit > best.fit) best = { x, y, outline: o, fit, model };
        }
        if (!best || !isFree(x + best.model.dx, y + best.model.dy)) continue;
        // Ink filling the inside and stopping at the outline is a mark most exemplars carry
        // (a combined template keeps it as print), not print laid over the target.
        const { interior, ring } = best.model.ref.shape;
        if (share(interior, x, y) > 0.5 && share(ring, x, y) < 0.15) continue;
        places.push(best);
      }
    }
    places.sort((p, q) => q.fit - p.fit);
    const kept: Place[] = [];
    const overlaps = (p: Place): boolean =>
      kept.some((k) => Math.abs(k.x - p.x) < first.width && Math.abs(k.y - p.y) < first.height);
    for (const p of places)
      if ((p.outline < OUTLINE || p.fit >= CLEAR) && !overlaps(p)) kept.push(p);
    // Under a dense tint: one pitch from a target of the column, found or just taken, or from
    // another such place (two options under the tint together).
    const faint = places.filter((p) => p.fit >= FAINT && p.outline >= OUTLINE_NEAR);
    const isPitch = (a: number, b: number): boolean =>
      Math.abs(Math.abs(a - b) - pitch) <= Math.max(2, pitch * 0.08);
    for (let more = pitch > 0; more;) {
      more = false;
      const near = [...line.targets.map((t) => t.cy), ...kept.map((k) => k.y + k.model.dy)];
      for (const p of faint) {
        if (overlaps(p)) continue;
        const cy = p.y + p.model.dy;
        const isSupported =
          near.some((y) => isPitch(y, cy)) ||
          faint.some((q) => Math.abs(q.x - p.x) <= 2 && isPitch(q.y + q.model.dy, cy));
        if (!isSupported) continue;
        kept.push(p);
        more = true;
        break;
      }
    }
    for (const p of kept) added.push(targetAt(image, p));
  }
  return added;
}

/** The offsets' bounding box. */
function boxOf(offsets: Offsets): { x0: number; y0: number; x1: number; y1: number } {
  const box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  for (let k = 0; k < offsets.length; k += 2) {
    const x = offsets[k] as number;
    const y = offsets[k + 1] as number;
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
  }
  return box;
}

/**
 * Ink counts over a strip of the page as a summed-area table: answers the ink in any box
 * inside the strip (corners inclusive) in four lookups; off the page is paper.
 */
function stripSums(
  image: GreyImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): (ax: number, ay: number, bx: number, by: number) => number {
  const { width, height, data } = image;
  const w = x1 - x0 + 2;
  const sums = new Int32Array(w * (y1 - y0 + 2));
  for (let y = y0; y <= y1; y += 1) {
    let row = 0;
    const at = (y - y0 + 1) * w;
    for (let x = x0; x <= x1; x += 1) {
      if (
        y >= 0 &&
        y < height &&
        x >= 0 &&
        x < width &&
        (data[y * width + x] as number) < INK_THRESHOLD
      )
        row += 1;
      sums[at + x - x0 + 1] = (sums[at - w + x - x0 + 1] as number) + row;
    }
  }
  const sum = (x: number, y: number): number =>
    sums[
      (Math.min(Math.max(y, y0 - 1), y1) - y0 + 1) * w + Math.min(Math.max(x, x0 - 1), x1) - x0 + 1
    ] as number;
  return (ax, ay, bx, by) => sum(bx, by) - sum(ax - 1, by) - sum(bx, ay - 1) + sum(ax - 1, ay - 1);
}

/** The shape of one target found: its outline, and its inside with the ring of paper round it. */
interface Model {
  ref: Outlined;
  outline: Offsets;
  around: Offsets;
  /** Outline pixels that may be paper where a place is still looked at. */
  misses: number;
  width: number;
  height: number;
  /** From the place the offsets are taken from to the target's centre. */
  dx: number;
  dy: number;
}

/**
 * The shapes of the few targets nearest the size most of them share, and first their ridge: the
 * outline pixels most of them share, with the paper none of them inks in and round it. Each
 * target's outline falls on the pixel grid its own way (a page turned a degree or two, a thin
 * line scanned at 1 bit), and the ridge is what any of them shows.
 */
function modelsOf(targets: Outlined[]): Model[] {
  const median = (values: number[]): number =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const w = median(targets.map((t) => t.width));
  const h = median(targets.map((t) => t.height));
  const off = (t: Outlined): number => Math.abs(t.width - w) + Math.abs(t.height - h);
  const models = [...targets]
    .sort((a, b) => off(a) - off(b))
    .slice(0, MODELS)
    .map((ref) => {
      const { outline, interior, ring } = ref.shape;
      return modelOf(ref, outline, concat(interior, ring));
    });
  const [nearest] = models as [Model];
  const key = (x: number, y: number): number => (y + 512) * 1024 + x + 512;
  const inked = new Map<number, number>();
  for (const m of models)
    for (let k = 0; k < m.outline.length; k += 2) {
      const at = key(m.outline[k] as number, m.outline[k + 1] as number);
      inked.set(at, (inked.get(at) ?? 0) + 1);
    }
  const ridge: number[] = [];
  for (const [at, count] of inked)
    if (count >= Math.ceil(models.length * 0.6))
      ridge.push((at % 1024) - 512, Math.floor(at / 1024) - 512);
  const paper: number[] = [];
  for (let k = 0; k < nearest.around.length; k += 2) {
    const x = nearest.around[k] as number;
    const y = nearest.around[k + 1] as number;
    if (!inked.has(key(x, y))) paper.push(x, y);
  }
  const isSharp = ridge.length >= nearest.outline.length * 0.4 && models.length >= 3;
  return isSharp
    ? [modelOf(nearest.ref, Int16Array.from(ridge), Int16Array.from(paper)), ...models]
    : models;
}

function modelOf(ref: Outlined, outline: Offsets, around: Offsets): Model {
  return {
    ref,
    outline: spread(outline),
    around,
    misses: Math.floor((outline.length / 2) * (1 - OUTLINE_CLEAN)),
    width: ref.width,
    height: ref.height,
    dx: ref.cx - Math.round(ref.cx),
    dy: ref.cy - Math.round(ref.cy),
  };
}

function concat(a: Offsets, b: Offsets): Offsets {
  const out = new Int16Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

const MODELS = 7;

/** The offsets in an order that walks round the shape in strides, so a miss shows early. */
function spread(offsets: Offsets): Offsets {
  const n = offsets.length / 2;
  const stride = 7;
  const out = new Int16Array(offsets.length);
  let k = 0;
  for (let start = 0; start < stride; start += 1)
    for (let i = start; i < n; i += stride) {
      out[k++] = offsets[2 * i] as number;
      out[k++] = offsets[2 * i + 1] as number;
    }
  return out;
}

/**
 * The target at a place, shaped like the model. Its inside is the paper the other print left
 * clear there (a pixel with paper all round it, so that a page laid a pixel off still reads
 * paper), when enough is left to read a mark on. Else it is obscured: a mark adds little to a
 * dense tint's ink, less than one printing of the tint differs from another, so its marks
 * are left to a person.
 */
function targetAt(image: GreyImage, p: Place): Outlined {
  const { model } = p;
  const { ref } = model;
  const rx = Math.round(ref.cx);
  const ry = Math.round(ref.cy);
  const { interior } = ref.shape;
  const isPaper = (x: number, y: number): boolean =>
    x < 0 || y < 0 || x >= image.width || y >= image.height
      ? true
      : (image.data[y * image.width + x] as number) >= INK_THRESHOLD;
  const clear: number[] = [];
  for (let k = 0; k < interior.length; k += 2) {
    const x = p.x + (interior[k] as number);
    const y = p.y + (interior[k + 1] as number);
    let isClear = true;
    for (let dy = -1; dy <= 1 && isClear; dy += 1)
      for (let dx = -1; dx <= 1 && isClear; dx += 1) isClear = isPaper(x + dx, y + dy);
    if (isClear) clear.push(interior[k] as number, interior[k + 1] as number);
  }
  const isReadable = clear.length / 2 >= Math.max(MIN_CLEAR, (interior.length / 2) * 0.1);
  return {
    x0: ref.x0 + p.x - rx,
    y0: ref.y0 + p.y - ry,
    width: ref.width,
    height: ref.height,
    cx: p.x + model.dx,
    cy: p.y + model.dy,
    shape: isReadable ? { ...ref.shape, interior: Int16Array.from(clear) } : ref.shape,
    templateInk: 0,
    // Found where its outline broke on clean paper, it is no different from the others.
    ...(p.outline - p.fit > CLEAN ? { isOverprinted: true } : {}),
    ...(isReadable ? {} : { isObscured: true }),
  };
}

/** Fewest clear pixels a mark is read on. */
const MIN_CLEAR = 12;

/** Targets grouped in columns, a gap wider than `gap` between them. */
function columnsOf(targets: Outlined[], gap: number): Outlined[][] {
  const byX = [...targets].sort((p, q) => p.cx - q.cx);
  const columns: Outlined[][] = [];
  let last = -Infinity;
  for (const t of byX) {
    if (t.cx - last > gap) columns.push([]);
    columns.at(-1)?.push(t);
    last = t.cx;
  }
  return columns;
}

/**
 * The columns' centre lines, x = a + b·y, leaning with the page; and where columns stand at a
 * regular spacing, a column more either side, where a column whose every target is printed
 * over would be.
 */
function linesOf(targets: Outlined[], dpi: number): Line[] {
  const lines = columnsOf(targets, dpi * 0.4).map((column) => lineOf(column, dpi));
  const xs = lines.map((l) => l.a);
  const steps = xs.slice(1).map((x, i) => x - (xs[i] as number));
  const step = Math.min(...steps);
  const isRegular =
    steps.length > 0 && steps.every((s) => Math.abs(s / step - Math.round(s / step)) < 0.05);
  if (!isRegular || step < dpi * 0.5) return lines;
  const first = lines[0] as Line;
  const last = lines.at(-1) as Line;
  return [
    { a: first.a - step, b: first.b, targets: [] },
    ...lines,
    { a: last.a + step, b: last.b, targets: [] },
  ];
}

function lineOf(column: Outlined[], dpi: number): Line {
  const n = column.length;
  const mx = column.reduce((s, t) => s + t.cx, 0) / n;
  const my = column.reduce((s, t) => s + t.cy, 0) / n;
  const ys = column.map((t) => t.cy);
  if (n < 2 || Math.max(...ys) - Math.min(...ys) < dpi) return { a: mx, b: 0, targets: column };
  let sxy = 0;
  let syy = 0;
  for (const t of column) {
    sxy += (t.cx - mx) * (t.cy - my);
    syy += (t.cy - my) ** 2;
  }
  const b = Math.max(-MAX_LEAN, Math.min(MAX_LEAN, sxy / syy));
  return { a: mx - b * my, b, targets: column };
}

/** The usual step from one option to the next down a column; 0 when no column has two. */
function pitchOf(targets: Outlined[], dpi: number): number {
  const steps = columnsOf(targets, dpi * 0.4)
    .flatMap((column) => {
      const ys = column.map((t) => t.cy).sort((a, b) => a - b);
      return ys.slice(1).map((y, i) => y - (ys[i] as number));
    })
    .sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 4)] ?? 0;
}
