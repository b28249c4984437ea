/** A greyscale page, one byte per pixel, 0 = black ink, 255 = white paper. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
  /**
   * Resolution in pixels per inch as the file states it (a TIFF's or PNG's resolution, a PDF
   * page's rendering), when it states a plausible one (see `statedDpi`); pages made here
   * (templates, combined exemplars) leave it out and are measured by their width.
   */
  dpi?: number;
  /**
   * Set by `loadPage` on a page it turned a quarter from the file's pixels (a sheet fed
   * sideways), so that places on it can be given back in the file's own frame (`asScanned`).
   */
  quarterTurned?: 'clockwise' | 'anticlockwise';
}

/**
 * A place on a page in the frame of the file it was decoded from: turned back a quarter where
 * `loadPage` turned the page (pictures of the sheet are cut from the file as it is stored).
 */
export function asScanned(page: GreyImage, x: number, y: number): { x: number; y: number } {
  if (page.quarterTurned === 'clockwise') return { x: y, y: page.width - 1 - x };
  if (page.quarterTurned === 'anticlockwise') return { x: page.height - 1 - y, y: x };
  return { x, y };
}

/** Pixels darker than this count as ink on a bilevel or greyscale scan. */
export const INK_THRESHOLD = 128;

export function createGrey(width: number, height: number, fill = 255): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

export function cloneGrey(image: GreyImage): GreyImage {
  return { width: image.width, height: image.height, data: image.data.slice() };
}

/** Value at (x, y), white outside the page so that marks near the edge read as paper. */
export function pixelAt(image: GreyImage, x: number, y: number): number {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return 255;
  return image.data[y * image.width + x] ?? 255;
}

export function isInk(image: GreyImage, x: number, y: number): boolean {
  return pixelAt(image, x, y) < INK_THRESHOLD;
}

/** Width of the ballot paper in every family we read (letter, legal and 8.5 × 17 in). */
export const PAPER_WIDTH = 8.5;

/**
 * A page's resolution in pixels per inch, which every size the engine looks for (targets,
 * timing marks, anchors, search windows) is scaled by. Measured from the page: its width
 * against the paper's 8.5 in, which also absorbs a scanner's cropping or margin of a few
 * pixels. Where the file states a resolution that puts the page more than 5% from 8.5 in wide
 * (a narrower card, a page cropped to its printing), the stated one is the page's.
 */
export function estimateDpi(image: GreyImage): number {
  const measured = image.width / PAPER_WIDTH;
  const stated = image.dpi;
  return stated !== undefined && Math.abs(stated - measured) > measured * 0.05 ? stated : measured;
}

/** Resolutions a scanner writes ballots at; a file stating one outside is not believed. */
const STATED = { min: 100, max: 600 };

/**
 * The resolution a file states, when it is plausible for a ballot scan: between 100 and 600
 * dpi, and the page between 3 and 20 inches on each side at it. Files that state none get a
 * default from their writer (72 or 96 for a PNG, 25.4 for a TIFF that sharp wrote without
 * one), which these bounds leave out.
 */
export function statedDpi(
  density: number | undefined,
  width: number,
  height: number,
): number | undefined {
  if (density === undefined || !Number.isFinite(density)) return undefined;
  if (density < STATED.min || density > STATED.max) return undefined;
  const inches = (pixels: number): number => pixels / density;
  if ([width, height].some((p) => inches(p) < 3 || inches(p) > 20)) return undefined;
  return density;
}

/** How a page lies: taller than wide, or wider than tall. */
export type Lie = 'portrait' | 'landscape';

/** One side longer than the other by this share at least: a page nearly square lies neither way. */
const LIE_MARGIN = 1.1;

/** How the page lies, or undefined when it is nearly square. */
export function lieOf(image: { width: number; height: number }): Lie | undefined {
  if (image.height > image.width * LIE_MARGIN) return 'portrait';
  if (image.width > image.height * LIE_MARGIN) return 'landscape';
  return undefined;
}

/** Pixels turned at a time: a square tile of the page, read and written within the caches. */
const TURN_TILE = 64;

/**
 * The page turned a quarter clockwise (a quarter anticlockwise is this turned 180°, its pixels
 * reversed): the portrait page a sheet fed sideways shows in landscape. Pixels go tile by tile
 * so that both the rows read and the columns written stay in the caches. `into` receives the
 * pixels when given (at least width × height bytes); the stated resolution is kept.
 */
export function quarterTurn(image: GreyImage, into?: Uint8Array): GreyImage {
  const { width, height, data } = image;
  const out = into ? into.subarray(0, width * height) : new Uint8Array(width * height);
  // Pixel (x, y) goes to (height − 1 − y, x) of a page `height` wide.
  for (let ty = 0; ty < height; ty += TURN_TILE)
    for (let tx = 0; tx < width; tx += TURN_TILE) {
      const yEnd = Math.min(height, ty + TURN_TILE);
      const xEnd = Math.min(width, tx + TURN_TILE);
      for (let y = ty; y < yEnd; y += 1) {
        const row = y * width;
        const column = height - 1 - y;
        for (let x = tx; x < xEnd; x += 1) out[x * height + column] = data[row + x] as number;
      }
    }
  return { width: height, height: width, data: out, ...(image.dpi ? { dpi: image.dpi } : {}) };
}
