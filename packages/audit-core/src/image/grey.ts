/** A greyscale page, one byte per pixel, 0 = black ink, 255 = white paper. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
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

/** A page is 8.5 inches wide in every layout we read, so its width gives its resolution. */
export function estimateDpi(image: GreyImage): number {
  return image.width / 8.5;
}
