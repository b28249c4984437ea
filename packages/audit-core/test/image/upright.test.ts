import { describe, expect, it } from 'vitest';
import { IDENTITY, type Affine } from '../../src/image/affine.js';
import { createGrey, pixelAt } from '../../src/image/grey.js';
import { parseTurn, sideTurn, turnGrey, turnPoint, type Turn } from '../../src/image/upright.js';

/** Template to page turned `degrees` clockwise on screen (y running down), about the origin. */
const turned = (degrees: number): Affine => {
  const r = (degrees * Math.PI) / 180;
  return { a: Math.cos(r), b: -Math.sin(r), c: 0, d: Math.sin(r), e: Math.cos(r), f: 0 };
};

describe('a side’s turn upright', () => {
  it('adds the quarter loadPage turned to the half turn registration found', () => {
    expect(sideTurn({}, IDENTITY)).toBe(0);
    expect(sideTurn({}, turned(0.8))).toBe(0);
    expect(sideTurn({}, turned(179.2))).toBe(180);
    expect(sideTurn({}, turned(-179.2))).toBe(180);
    expect(sideTurn({ quarterTurned: 'clockwise' }, IDENTITY)).toBe(90);
    expect(sideTurn({ quarterTurned: 'anticlockwise' }, IDENTITY)).toBe(270);
    expect(sideTurn({ quarterTurned: 'clockwise' }, turned(180))).toBe(270);
    expect(sideTurn({ quarterTurned: 'anticlockwise' }, turned(-180))).toBe(90);
  });

  it('reads a missing or unknown turn as none', () => {
    expect([undefined, '', '0', '45', 'x', '90', '180', '270'].map(parseTurn)).toEqual([
      0, 0, 0, 0, 0, 90, 180, 270,
    ]);
  });

  it('moves a place with the picture it is on, every way', () => {
    const image = createGrey(7, 4);
    const places = [
      { x: 0, y: 0 },
      { x: 6, y: 1 },
      { x: 2, y: 3 },
    ];
    places.forEach((p, i) => (image.data[p.y * image.width + p.x] = 10 + i));
    for (const turn of [0, 90, 180, 270] as Turn[]) {
      const upright = turnGrey(image, turn);
      expect([upright.width, upright.height]).toEqual(turn % 180 ? [4, 7] : [7, 4]);
      places.forEach((p, i) => {
        const q = turnPoint(p, image.width, image.height, turn);
        expect(pixelAt(upright, q.x, q.y), `${turn}° ${p.x},${p.y}`).toBe(10 + i);
      });
    }
  });
});
