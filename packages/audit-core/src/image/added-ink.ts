import type { Affine } from './affine.js';
import type { GreyImage } from './grey.js';
import type { Template } from './template.js';
import { pageThumbnail } from './thumbnail.js';

/**
 * A cell (8 template pixels square) holds ink the printing lacks when the page is this much
 * darker there than the template: a mark, a stray line, an imprinted number, a speck. Edges of
 * printed words shifted by registration's pixel or two stay under it.
 */
const ADDED = 0.3;
/** Fewer cells than this identify no paper: a blank ballot is like every blank of its style. */
export const MIN_IDENTIFYING_CELLS = 4;
/** Cells a second scan may gain or lose on its own: a speck, a blurred edge past the cut. */
const NOISE_CELLS = 2;
/** Ink this near a target (inches) is the voter's mark, which neat voters all make alike. */
const TARGET_MARGIN = 0.05;

/** The ink a sheet carries beyond its style's printing, as cells of the template's ink map. */
export interface AddedInk {
  width: number;
  cells: number[];
}

/**
 * The page's perceptual fingerprint in its template's frame: which cells, away from the targets,
 * hold ink the printed style does not. What tells two ballots of one style apart is there: a
 * serial printed on each sheet, stray lines, checks and crosses that run past their targets,
 * specks and folds. A filled target is left out, as every neat voter fills it alike; readings
 * are compared apart (see `findRescans`). The same paper scanned twice keeps the same cells,
 * whatever the shift, turn, noise or compression of each scan.
 */
export function addedInk(page: GreyImage, transform: Affine, template: Template): AddedInk {
  const map = pageThumbnail(page, transform, template.image);
  const own = template.thumbnail;
  const cells: number[] = [];
  const { width, height, step } = map;
  if (own.width !== width || own.height !== height) return { width, cells };
  const near = new Uint8Array(width * height);
  const margin = TARGET_MARGIN * template.dpi;
  for (const t of template.targets) {
    const x0 = Math.max(0, Math.floor((t.x0 - margin) / step));
    const y0 = Math.max(0, Math.floor((t.y0 - margin) / step));
    const x1 = Math.min(width - 1, Math.floor((t.x0 + t.width + margin) / step));
    const y1 = Math.min(height - 1, Math.floor((t.y0 + t.height + margin) / step));
    for (let y = y0; y <= y1; y += 1) near.fill(1, y * width + x0, y * width + x1 + 1);
  }
  for (let i = 0; i < map.ink.length; i += 1)
    if (!near[i] && (map.ink[i] as number) - (own.ink[i] as number) > ADDED) cells.push(i);
  return { width, cells };
}

/** `width:` then the cells in base 36, dot-separated: a CSV field. */
export const encodeAddedInk = (ink: AddedInk): string =>
  `${ink.width}:${ink.cells.map((c) => c.toString(36)).join('.')}`;

export function decodeAddedInk(text: string | undefined): AddedInk | undefined {
  if (!text) return undefined;
  const [width, list = ''] = text.split(':');
  return {
    width: Number(width),
    cells: list ? list.split('.').map((c) => Number.parseInt(c, 36)) : [],
  };
}

/** Cells of `a` with no cell of `b` at or beside them (registration leaves a cell of slack). */
function unmatched(a: AddedInk, b: Set<number>): number {
  let count = 0;
  for (const cell of a.cells) {
    let near = false;
    for (let dy = -1; dy <= 1 && !near; dy += 1)
      for (let dx = -1; dx <= 1 && !near; dx += 1) near = b.has(cell + dy * a.width + dx);
    if (!near) count += 1;
  }
  return count;
}

/**
 * Whether two sheets of one style are the same paper: each carries enough ink of its own away
 * from the targets to identify it, and every such cell of either has one on the other, but for
 * the few that a scan's noise leaves (at most 2). Distinct ballots marked alike
 * still differ there: in a serial, in strays and specks, in strokes past the targets.
 */
export function isSamePaper(a: AddedInk, b: AddedInk): boolean {
  if (a.width !== b.width) return false;
  if (a.cells.length < MIN_IDENTIFYING_CELLS || b.cells.length < MIN_IDENTIFYING_CELLS)
    return false;
  const allowed = NOISE_CELLS;
  const misses = unmatched(a, new Set(b.cells));
  if (misses > allowed) return false;
  return misses + unmatched(b, new Set(a.cells)) <= allowed;
}
