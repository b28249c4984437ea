import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  findTargets,
  makeElection,
  readBallot,
  StylePrinter,
  type GreyImage,
  type LayoutTarget,
} from '../../src/index.js';

/**
 * A template's oval whose lower stroke came out thin on the combined page (the exemplars' scans
 * disagree on it) must not let the target's inside reach where the print is: a sheet printed
 * whole, or scanned coarser or blurred, would read that print as a light mark on every blank.
 */
// At 300 dpi the ovals' stroke is 3 pixels: thinned by 2, it still closes.
const DPI = 300;

const copy = (page: GreyImage): GreyImage => ({ ...page, data: Uint8Array.from(page.data) });

/** Thins the lower third of an oval's stroke from the inside by `by` pixels. */
function thinLowerStroke(page: GreyImage, t: LayoutTarget, stroke: number, by: number): void {
  const rx = t.rx - stroke + by;
  const ry = t.ry - stroke + by;
  for (let y = Math.ceil(t.cy + t.ry * 0.3); y <= Math.ceil(t.cy + t.ry); y += 1)
    for (let x = Math.floor(t.cx - t.rx); x <= Math.ceil(t.cx + t.rx); x += 1) {
      const u = (x - t.cx) / rx;
      const v = (y - t.cy) / ry;
      if (u * u + v * v <= 1) page.data[y * page.width + x] = 255;
    }
}

async function printed() {
  const election = makeElection({ seed: 'broken-outline', styles: 1 });
  const { layout, blank } = await new StylePrinter(election, DPI).style('S1');
  const broken = copy(blank);
  const thinned = layout.targets[5];
  if (!thinned) throw new Error('the style has too few targets');
  thinLowerStroke(broken, thinned, layout.stroke, 2);
  const meanings = layout.targets.map(({ contestId, optionId }) => ({ contestId, optionId }));
  return { layout, blank, broken, thinned, meanings };
}

describe('a template oval whose stroke came out thin', () => {
  it('keeps the inside of the printed ovals, not the paper the thin stroke leaves', async () => {
    const { broken, thinned, layout } = await printed();
    const found = findTargets(broken);
    expect(found).toHaveLength(layout.targets.length);
    const target = found.find(
      (t) => Math.abs(t.cx - thinned.cx) < 3 && Math.abs(t.cy - thinned.cy) < 3,
    );
    const sizes = found
      .filter((t) => t !== target)
      .map((t) => t.shape.interior.length)
      .sort((a, b) => a - b);
    const usual = sizes[Math.floor(sizes.length / 2)] ?? 0;
    expect(target?.shape.interior.length).toBeLessThanOrEqual(usual * 1.05);
    // Still a printed target: its outline taken from a neighbour, not a solid one.
    expect(target?.isSolid).toBeFalsy();
  });

  it('reads every target of a sheet printed whole as blank, none gray', async () => {
    const { blank, broken, meanings } = await printed();
    const template = buildTemplate(broken, { id: 'S1', meanings });
    const reading = readBallot(copy(blank), template);
    expect(reading.targets.filter((t) => t.decision !== 'blank')).toEqual([]);
    expect(Math.max(...reading.targets.map((t) => t.fill))).toBeLessThan(0.02);
  });

  it('leaves targets printed whole as they are found', async () => {
    const { blank, layout } = await printed();
    const found = findTargets(blank);
    expect(found).toHaveLength(layout.targets.length);
    expect(found.filter((t) => t.isSolid)).toEqual([]);
    const sizes = found.map((t) => t.shape.interior.length);
    // Each its own shape: not every target given one neighbour's.
    expect(new Set(found.map((t) => t.shape)).size).toBe(found.length);
    expect(Math.max(...sizes) / Math.min(...sizes)).toBeLessThan(1.2);
  });
});
