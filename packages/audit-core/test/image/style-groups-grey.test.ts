import { describe, expect, it } from 'vitest';
import { makeElection, planBallot, StylePrinter, type SynthElection } from '../../src/index.js';
import { groupExemplarsByImage, type LabelledPage } from '../../src/image/style-groups.js';

/**
 * Exemplars are grouped by what their images show, so that a swapped batch (records carrying
 * another style) does not blur a template into two ballots. A greyscale scanner writes paper a
 * shade of grey, never white: the grouping must still tell the layouts apart there, as it does
 * on 1-bit scans. Seen at 2,000 corner-ovals ballots scanned in grey: every style was taken for
 * one layout, the swapped batch's sheets stayed with their records' style, and one style's
 * template lost a target.
 */
const election: SynthElection = makeElection({
  seed: 'grey-groups',
  family: 'corner-ovals',
  contests: 7,
  styles: 3,
});

async function exemplars(
  scanner: 'bilevel' | 'grey',
): Promise<{ pages: LabelledPage[]; swapped: string[] }> {
  const printer = new StylePrinter(election, 200);
  const perStyle = new Map<string, number>();
  const pages: LabelledPage[] = [];
  const swapped: string[] = [];
  for (let i = 0; pages.length < 15 && i < 400; i += 1) {
    const plan = planBallot(election, i);
    const seen = perStyle.get(plan.styleId) ?? 0;
    if (seen >= 5) continue;
    perStyle.set(plan.styleId, seen + 1);
    const { image } = await printer.ballot(plan, { scanner });
    // Batch 2 is the swapped one: its sheets of S3 carry S1 records.
    const isSwapped = seen >= 3 && plan.styleId === 'S3';
    if (isSwapped) swapped.push(plan.id);
    pages.push({
      page: image,
      sheetId: plan.id,
      style: isSwapped ? 'S1' : plan.styleId,
      batch: seen >= 3 ? '2' : '1',
    });
  }
  return { pages, swapped };
}

describe('grouping exemplars by image', () => {
  it.each(['bilevel', 'grey'] as const)(
    '%s scans: styles of different layouts are told apart and a swapped sheet is moved',
    async (scanner) => {
      const { pages, swapped } = await exemplars(scanner);
      expect(new Set(pages.map((p) => p.style)).size).toBe(3);
      const groups = groupExemplarsByImage(pages);
      expect(groups.undistinguished).toEqual([]);
      expect(groups.dropped).toEqual([]);
      expect(swapped.length).toBeGreaterThan(0);
      expect(groups.moved.map((m) => [m.sheetId, m.style]).sort()).toEqual(
        swapped.map((id) => [id, 'S3']).sort(),
      );
    },
    120_000,
  );
});
