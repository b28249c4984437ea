import { applyAffine, type Affine } from './affine.js';
import type { Mask } from './morph.js';

/** Per block of the reference, the extra shift (in page pixels) that best lays the page on it. */
export interface BlockShifts {
  size: number;
  across: number;
  dx: Int8Array;
  dy: Int8Array;
}

/**
 * Refines a global transform block by block: paper stretches and scanners wobble, so a page
 * registered on its timing marks can still be a pixel or two off in places. For each block, the
 * shift within ±radius that puts most of the reference's ink on the page's ink wins; a block
 * without ink, or without a clear winner, keeps no shift.
 */
export function refineBlocks(
  reference: { mask: Mask; width: number; height: number },
  page: { mask: Mask; width: number; height: number },
  t: Affine,
  size = 128,
  radius = 2,
): BlockShifts {
  const across = Math.ceil(reference.width / size);
  const down = Math.ceil(reference.height / size);
  const dx = new Int8Array(across * down);
  const dy = new Int8Array(across * down);
  const side = 2 * radius + 1;
  const hits = new Int32Array(side * side);
  for (let by = 0; by < down; by += 1) {
    for (let bx = 0; bx < across; bx += 1) {
      hits.fill(0);
      let inked = 0;
      for (let y = by * size; y < Math.min(reference.height, (by + 1) * size); y += 1) {
        for (let x = bx * size; x < Math.min(reference.width, (bx + 1) * size); x += 1) {
          if (!reference.mask[y * reference.width + x]) continue;
          inked += 1;
          const p = applyAffine(t, { x, y });
          const px = Math.round(p.x);
          const py = Math.round(p.y);
          for (let j = -radius; j <= radius; j += 1) {
            const sy = py + j;
            if (sy < 0 || sy >= page.height) continue;
            for (let i = -radius; i <= radius; i += 1) {
              const sx = px + i;
              if (sx >= 0 && sx < page.width && page.mask[sy * page.width + sx])
                hits[(j + radius) * side + i + radius] =
                  (hits[(j + radius) * side + i + radius] ?? 0) + 1;
            }
          }
        }
      }
      if (inked < 20) continue;
      let best = radius * side + radius;
      hits.forEach((h, k) => {
        if (h > (hits[best] ?? 0) * 1.02) best = k;
      });
      dx[by * across + bx] = (best % side) - radius;
      dy[by * across + bx] = Math.floor(best / side) - radius;
    }
  }
  return { size, across, dx, dy };
}
