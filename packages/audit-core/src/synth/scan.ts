import { createGrey, INK_THRESHOLD, type GreyImage } from '../image/grey.js';
import type { Random } from './random.js';

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
}

export interface ScanOptions {
  maxRotation?: number;
  maxScale?: number;
  /** Largest shift, in inches. */
  maxShift?: number;
  noise?: number;
}

export function drawScan(random: Random, dpi: number, options: ScanOptions = {}): ScanParams {
  const maxScale = options.maxScale ?? 0.015;
  const shift = (options.maxShift ?? 0.05) * dpi;
  return {
    rotation: random.range(-1, 1) * (options.maxRotation ?? 2),
    scale: 1 + random.range(-maxScale, maxScale),
    dx: random.range(-shift, shift),
    dy: random.range(-shift, shift),
    noise: options.noise ?? 18,
  };
}

const NOISE_TABLE = 1 << 16;

/**
 * Scans a printed page: rotate, scale and shift it about the centre (bilinear, which also
 * blurs a little), add sensor noise, and threshold to bilevel as ballot scanners do.
 */
export function scanPage(page: GreyImage, params: ScanParams, random: Random): GreyImage {
  const { width, height, data } = page;
  const out = createGrey(width, height);
  const noise = new Int16Array(NOISE_TABLE);
  for (let i = 0; i < NOISE_TABLE; i += 1) {
    noise[i] = Math.round(Math.max(-4, Math.min(4, random.normal())) * params.noise);
  }
  let seed = Math.floor(random.next() * 0xffffffff) | 1;
  const angle = (params.rotation * Math.PI) / 180;
  // Inverse map: page point = R(-angle)·(scan point − centre − shift)/scale + centre.
  const cos = Math.cos(angle) / params.scale;
  const sin = Math.sin(angle) / params.scale;
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y += 1) {
    const vy = y - cy - params.dy;
    let sx = -(cx + params.dx) * cos + vy * sin + cx;
    let sy = (cx + params.dx) * sin + vy * cos + cy;
    const row = y * width;
    for (let x = 0; x < width; x += 1, sx += cos, sy -= sin) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) continue;
      const i = y0 * width + x0;
      const a = data[i] as number;
      const b = data[i + 1] as number;
      const c = data[i + width] as number;
      const d = data[i + width + 1] as number;
      // Clean paper stays white: the noise never reaches the threshold from 255.
      if ((a & b & c & d) === 255) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      let value = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      value += noise[seed & (NOISE_TABLE - 1)] as number;
      out.data[row + x] = value < INK_THRESHOLD ? 0 : 255;
    }
  }
  return out;
}
