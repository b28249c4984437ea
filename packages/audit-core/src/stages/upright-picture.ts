import sharp, { type Sharp } from 'sharp';
import type { Point } from '../image/affine.js';
import { countPages, loadPage } from '../image/load.js';
import { parseTurn, turnGrey, turnPoint, type Turn } from '../image/upright.js';
import type { JobStore } from '../storage/index.js';
import { readCsv } from './context.js';
import { PATHS } from './job.js';

/** A side's picture turned the way its print reads, for people to look at. */
export interface UprightPicture {
  width: number;
  height: number;
  /** Resolution the file states, where plausible. */
  dpi?: number;
  /** A fresh pipeline on the upright pixels (greyscale), to cut, scale and encode. */
  pipeline: () => Sharp;
  /** Where a place in the file's frame (targets.csv's x, y) lies on the upright picture. */
  at: (p: Point) => Point;
}

/**
 * The picture of a sheet's side (1 for the front; a file with fewer pages shows its first),
 * decoded as extractvote decoded it — orientation tag applied, a PDF page rendered — so that
 * targets.csv's x, y fall on it, then turned `turn` degrees clockwise: a sheet fed upside down
 * or sideways is shown as its print reads.
 */
export async function uprightPicture(
  bytes: Buffer,
  side: number,
  turn: Turn,
  label?: string,
): Promise<UprightPicture> {
  const pages = await countPages(bytes);
  const page = await loadPage(bytes, {
    page: side <= pages ? side - 1 : 0,
    ...(label ? { label } : {}),
  });
  const { width, height } = page;
  const upright = turnGrey(page, turn);
  const raw = { width: upright.width, height: upright.height, channels: 1 as const };
  return {
    width: upright.width,
    height: upright.height,
    ...(page.dpi ? { dpi: page.dpi } : {}),
    pipeline: () => sharp(upright.data, { raw }),
    at: (p) => turnPoint(p, width, height, turn),
  };
}

/** The box a set of file-frame places spans on the upright picture. */
export function uprightBox(
  picture: Pick<UprightPicture, 'at'>,
  box: { x0: number; y0: number; x1: number; y1: number },
): { x0: number; y0: number; x1: number; y1: number } {
  const a = picture.at({ x: box.x0, y: box.y0 });
  const b = picture.at({ x: box.x1, y: box.y1 });
  return {
    x0: Math.min(a.x, b.x),
    y0: Math.min(a.y, b.y),
    x1: Math.max(a.x, b.x),
    y1: Math.max(a.y, b.y),
  };
}

/** Where a contest's targets lie on a sheet: the box their centres span in the file's frame. */
export interface ContestBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 1 for the front, 2 for the back, … */
  side: number;
  turn: Turn;
}

/** The contests' boxes of the given sheets, from targets.csv, keyed `sheet \0 contest`. */
export async function readContestBoxes(
  store: JobStore,
  sheets: Set<string>,
): Promise<Map<string, ContestBox>> {
  const boxes = new Map<string, ContestBox>();
  for await (const t of readCsv(store, PATHS.votesTargets)) {
    if (!sheets.has(t.sheet_id ?? '')) continue;
    const key = `${t.sheet_id}\u0000${t.contest_id}`;
    const x = Number(t.x);
    const y = Number(t.y);
    const b = boxes.get(key);
    if (!b) {
      // A target read on a later side names that side's template, `<style>~<side>`.
      const side = Number(/~(\d+)$/.exec(t.style ?? '')?.[1] ?? 1);
      boxes.set(key, { x0: x, y0: y, x1: x, y1: y, side, turn: parseTurn(t.turn) });
      continue;
    }
    b.x0 = Math.min(b.x0, x);
    b.y0 = Math.min(b.y0, y);
    b.x1 = Math.max(b.x1, x);
    b.y1 = Math.max(b.y1, y);
  }
  return boxes;
}
