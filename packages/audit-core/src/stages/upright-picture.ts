import sharp, { type Sharp } from 'sharp';
import type { Point } from '../image/affine.js';
import { countPages, loadPage } from '../image/load.js';
import { turnGrey, turnPoint, type Turn } from '../image/upright.js';

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
