import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildTemplate,
  describeAffine,
  findTimingMarks,
  loadPage,
  registerPage,
  type GreyImage,
} from '../../src/index.js';

const root = join(import.meta.dirname, '../fixtures/real/images/hart_orange_2012');

const turned = (page: GreyImage): GreyImage => ({ ...page, data: page.data.slice().reverse() });

describe('Orange County 2012 Hart ballots, both sides', () => {
  it('registers every side on its frame and finds every target its template holds', async () => {
    const names = (await readdir(root)).filter((n) => n.endsWith('.png')).sort();
    expect(names).toHaveLength(20);
    const counts: Record<string, number> = {};
    for (const name of names) {
      const page = await loadPage(await readFile(join(root, name)), { label: name });
      // The barcodes down the edges are no timing marks.
      const marks = findTimingMarks(page);
      expect(marks.left.length + marks.right.length, name).toBe(0);
      // Each ballot here is of its own party's style, so a side is its own template.
      const template = buildTemplate(page, { id: name });
      expect(template.anchors?.kind, name).toBe('frame');
      counts[name] = template.targets.length;
      const upright = registerPage(page, template);
      expect(upright.matched, name).toBe(template.targets.length);
      // Fed upside down, the same targets are found through a half turn.
      const upsideDown = registerPage(turned(page), template);
      expect(upsideDown.matched, name).toBe(template.targets.length);
      expect(Math.abs(Math.abs(describeAffine(upsideDown.transform).rotation) - 180)).toBeLessThan(
        0.5,
      );
    }
    // Counted by eye on ballot 1000's front: President 3 + write-in, Senate 15 in the middle
    // column and 9 + write-in on the right. Ballots 1005 and 1006 share its layout; the other
    // fronts share one layout with 33 boxes.
    for (const ballot of ['1000_4_173', '1005_4_163', '1006_4_161'])
      expect(counts[`339_${ballot}_1.png`], ballot).toBe(29);
    for (const ballot of ['1001_4_171', '1002_4_169', '1007_4_159'])
      expect(counts[`339_${ballot}_1.png`], ballot).toBe(33);
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);
  }, 240_000);
});
