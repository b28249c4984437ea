import { estimateDpi, type GreyImage } from './grey.js';

/**
 * Resolution below which exemplars are combined on a finer grid. Combining widens each
 * exemplar's ink by a pixel so that registration's last pixel of disagreement does not break
 * printed lines (see `combineExemplars`); at 200 dpi and above that pixel is a small part of a
 * target's outline, but at 150 dpi it closes a small oval's inside. Pages scanned coarser are
 * first resampled to this resolution, so the template is built as for a 200 dpi scan and reads
 * the coarser sheets as it reads any sheet whose resolution differs from its own.
 */
export const MIN_TEMPLATE_DPI = 200;

/**
 * The page resampled (bilinear) to `dpi` when its own resolution is below it, else the page
 * itself. The page keeps its size in inches: its width and height grow by the same factor.
 */
export function atLeastDpi(page: GreyImage, dpi = MIN_TEMPLATE_DPI): GreyImage {
  const own = estimateDpi(page);
  // Within 2% is the same resolution: scanners crop a page a little wider or narrower.
  if (own >= dpi * 0.98) return page;
  const factor = dpi / own;
  const out = resample(page, factor);
  return page.dpi === undefined ? out : { ...out, dpi: page.dpi * factor };
}

/** The page scaled by `factor` in both directions, each new pixel bilinear from the old ones. */
export function resample(page: GreyImage, factor: number): GreyImage {
  const width = Math.max(1, Math.round(page.width * factor));
  const height = Math.max(1, Math.round(page.height * factor));
  const out = new Uint8Array(width * height);
  const { data } = page;
  const sw = page.width;
  const maxX = page.width - 1;
  const maxY = page.height - 1;
  // Pixel centres line up: a new pixel's centre (x + 0.5) falls at (x + 0.5) / factor.
  const xs = new Int32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const sx = Math.min(maxX, Math.max(0, (x + 0.5) / factor - 0.5));
    xs[x] = Math.min(maxX - 1, Math.floor(sx));
    fxs[x] = sx - (xs[x] as number);
  }
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(maxY, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.min(Math.max(0, maxY - 1), Math.floor(sy));
    const fy = sy - y0;
    const top = y0 * sw;
    const bottom = maxY > 0 ? top + sw : top;
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const x0 = xs[x] as number;
      const fx = fxs[x] as number;
      const x1 = maxX > 0 ? x0 + 1 : x0;
      const a = data[top + x0] as number;
      const b = data[top + x1] as number;
      const c = data[bottom + x0] as number;
      const d = data[bottom + x1] as number;
      out[row + x] = Math.round((a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy);
    }
  }
  return { width, height, data: out };
}
