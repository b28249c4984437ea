import { describeAffine, type Affine, type Point } from './affine.js';
import { quarterTurn, type GreyImage } from './grey.js';

/**
 * Degrees clockwise that turn a side's picture, as its file holds it, to read the way its print
 * reads: 0, 90, 180 or 270.
 */
export type Turn = 0 | 90 | 180 | 270;

/**
 * How far a side's file picture lies from upright: the quarter `loadPage` turned a sheet fed
 * sideways, and the half turn registration found laying the page on its template (a sheet fed
 * upside down). Templates are kept as their print reads, so the two together bring it upright.
 */
export function sideTurn(page: Pick<GreyImage, 'quarterTurned'>, transform: Affine): Turn {
  const quarter =
    page.quarterTurned === 'clockwise' ? 90 : page.quarterTurned === 'anticlockwise' ? 270 : 0;
  // The transform takes the template to the page: the page shows it turned by its rotation
  // (clockwise on screen, y running down), which turning the page back undoes.
  const shown = Math.round(describeAffine(transform).rotation / 90) * 90;
  return ((((quarter - shown) % 360) + 360) % 360) as Turn;
}

/** A `turn` as written in a file: anything but a quarter, half or three quarters is none. */
export function parseTurn(value: string | undefined): Turn {
  const n = Number(value);
  return n === 90 || n === 180 || n === 270 ? n : 0;
}

/**
 * Where a place on a `width` × `height` picture lands once the picture is turned `turn`
 * degrees clockwise.
 */
export function turnPoint(p: Point, width: number, height: number, turn: Turn): Point {
  if (turn === 90) return { x: height - 1 - p.y, y: p.x };
  if (turn === 180) return { x: width - 1 - p.x, y: height - 1 - p.y };
  if (turn === 270) return { x: p.y, y: width - 1 - p.x };
  return p;
}

/** The picture turned `turn` degrees clockwise (a half turn is its pixels reversed). */
export function turnGrey(image: GreyImage, turn: Turn): GreyImage {
  if (turn === 0) return image;
  const half = (g: GreyImage): GreyImage => ({ ...g, data: g.data.slice().reverse() });
  if (turn === 180) return half(image);
  const quarter = quarterTurn(image);
  return turn === 90 ? quarter : half(quarter);
}
