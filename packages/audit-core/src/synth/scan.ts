import { createGrey, INK_THRESHOLD, type GreyImage } from '../image/grey.js';
import { Random } from './random.js';

/** How a sheet went through the scanner. */
export interface ScanParams {
  /** Rotation in degrees. */
  rotation: number;
  scale: number;
  /** Shift in pixels. */
  dx: number;
  dy: number;
  /** Standard deviation of sensor noise, in grey levels. */
  noise: number;
  /** Radius of the optical blur in pixels (0 sharp, 1 a 3×3 mean). */
  blur: number;
}

export interface ScanOptions {
  maxRotation?: number;
  maxScale?: number;
  /** Largest shift, in inches. */
  maxShift?: number;
  noise?: number;
  /** Share of sheets scanned out of focus. */
  blurred?: number;
  /**
   * Each sheet carries its own serial (its ballot number), printed once as a row of bars near
   * the foot, as ballots printed on demand or numbered stubs do; a second scan of the sheet
   * shows the same serial. Off by default.
   */
  imprint?: boolean;
  /** A fixed turn in degrees and scale for every sheet, in place of drawn ones (a skewed feed). */
  rotation?: number;
  scale?: number;
  /**
   * How the scanner writes pages: `bilevel` (1-bit) or `grey`; by default as the family's
   * scanners do (greyscale for `hart`, 1-bit for the others).
   */
  scanner?: 'bilevel' | 'grey';
  /**
   * Styles whose every sheet goes through the scanner turned 180°, as when a style's batches
   * are loaded the wrong way round; none by default.
   */
  upsideDownStyles?: string[];
  /**
   * Styles whose every sheet goes through the scanner sideways (a portrait ballot scanned in
   * landscape), its front turned a quarter clockwise and its back anticlockwise, as a sheet
   * turned on the feeder shows its two sides; none by default.
   */
  sidewaysStyles?: string[];
  /**
   * Share of the other sheets fed sideways, each a quarter either way at random (its back the
   * other way); none by default.
   */
  sideways?: number;
}

export function drawScan(random: Random, dpi: number, options: ScanOptions = {}): ScanParams {
  const maxScale = options.maxScale ?? 0.015;
  const shift = (options.maxShift ?? 0.05) * dpi;
  const rotation = random.range(-1, 1) * (options.maxRotation ?? 2);
  const scale = 1 + random.range(-maxScale, maxScale);
  return {
    rotation: options.rotation ?? rotation,
    scale: options.scale ?? scale,
    dx: random.range(-shift, shift),
    dy: random.range(-shift, shift),
    noise: options.noise ?? 18,
    blur: random.chance(options.blurred ?? 0.3) ? 1 : 0,
  };
}

const NOISE_TABLE = 1 << 16;
const TILE = 16;
const SKIP = 8;

/** Unit normal deviates, clipped at ±4, drawn once; each sheet walks them from its own seed. */
const NORMALS = (() => {
  const random = new Random('scanner-noise');
  return Float32Array.from({ length: NOISE_TABLE }, () =>
    Math.max(-4, Math.min(4, random.normal())),
  );
})();

/**
 * Which 16×16 tiles of the page hold anything but white paper, grown by one tile so that a
 * lookup at a tile's edge (or a blur reaching past it) still sees its neighbour's ink.
 */
function inkTiles(page: GreyImage): { tiles: Uint8Array; across: number } {
  const across = Math.ceil(page.width / TILE);
  const down = Math.ceil(page.height / TILE);
  const raw = new Uint8Array(across * down);
  const { width, data } = page;
  const mark = (p: number): void => {
    const y = (p / width) | 0;
    raw[((y / TILE) | 0) * across + (((p - y * width) / TILE) | 0)] = 1;
  };
  // Four pixels at a time: most of a page is white. A word may span two rows, so both its
  // first and last pixels mark their tiles.
  const aligned = data.byteOffset % 4 === 0 ? data.length >> 2 : 0;
  const words = new Uint32Array(data.buffer, data.byteOffset, aligned);
  for (let w = 0; w < aligned; w += 1) {
    if (words[w] === 0xffffffff) continue;
    mark(w << 2);
    mark((w << 2) + 3);
  }
  for (let p = aligned << 2; p < data.length; p += 1) if (data[p] !== 255) mark(p);
  const tiles = new Uint8Array(across * down);
  for (let ty = 0; ty < down; ty += 1)
    for (let tx = 0; tx < across; tx += 1) {
      if (!raw[ty * across + tx]) continue;
      for (let j = Math.max(0, ty - 1); j <= Math.min(down - 1, ty + 1); j += 1)
        for (let i = Math.max(0, tx - 1); i <= Math.min(across - 1, tx + 1); i += 1)
          tiles[j * across + i] = 1;
    }
  return { tiles, across };
}

/** Grey level at a source point: bilinear, or a 3×3 mean around it when out of focus. */
function sample(page: GreyImage, sx: number, sy: number, isBlurred: boolean): number {
  const { width, data } = page;
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const i = y0 * width + x0;
  if (isBlurred && x0 > 0 && y0 > 0 && y0 < page.height - 2) {
    let sum = 0;
    for (let j = i - width - 1; j <= i + width - 1; j += width)
      sum += (data[j] as number) + (data[j + 1] as number) + (data[j + 2] as number);
    return sum / 9;
  }
  const fx = sx - x0;
  const fy = sy - y0;
  const a = data[i] as number;
  const b = data[i + 1] as number;
  const c = data[i + width] as number;
  const d = data[i + width + 1] as number;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

/**
 * Scans a printed page: rotate, scale and shift it about the centre (bilinear, which softens
 * edges a little, or a 3×3 mean when out of focus), add sensor noise, and threshold to bilevel
 * as ballot scanners do. Tiles of clean paper are skipped: noise never takes white to ink.
 */
export function scanPage(page: GreyImage, params: ScanParams, random: Random): GreyImage {
  const { width, height } = page;
  const out = createGrey(width, height);
  const { tiles, across } = inkTiles(page);
  let seed = Math.floor(random.next() * 0xffffffff) | 1;
  const angle = (params.rotation * Math.PI) / 180;
  // Inverse map: page point = R(-angle)·(scan point − centre − shift)/scale + centre.
  const cos = Math.cos(angle) / params.scale;
  const sin = Math.sin(angle) / params.scale;
  const cx = width / 2;
  const cy = height / 2;
  const isBlurred = params.blur > 0;
  for (let y = 0; y < height; y += 1) {
    const vy = y - cy - params.dy;
    let sx = -(cx + params.dx) * cos + vy * sin + cx;
    let sy = (cx + params.dx) * sin + vy * cos + cy;
    const row = y * width;
    for (let x = 0; x < width; x += 1, sx += cos, sy -= sin) {
      if (sx < 0 || sy < 0 || sx >= width - 2 || sy >= height - 2) continue;
      if (!tiles[((sy / TILE) | 0) * across + ((sx / TILE) | 0)]) {
        // An empty tile's neighbours are paper too, so the next few pixels are white.
        x += SKIP - 1;
        sx += (SKIP - 1) * cos;
        sy -= (SKIP - 1) * sin;
        continue;
      }
      const i = (sy | 0) * width + (sx | 0);
      const { data } = page;
      // Paper round the point stays white: noise never takes white to ink.
      if (
        ((data[i] as number) &
          (data[i + 1] as number) &
          (data[i + width] as number) &
          (data[i + width + 1] as number)) ===
        255
      )
        continue;
      const value = sample(page, sx, sy, isBlurred);
      if (value === 255) continue;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const noise = (NORMALS[seed & (NOISE_TABLE - 1)] as number) * params.noise;
      out.data[row + x] = value + noise < INK_THRESHOLD ? 0 : 255;
    }
  }
  return out;
}
