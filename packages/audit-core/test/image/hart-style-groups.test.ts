import { describe, expect, it } from 'vitest';
import {
  makeElection,
  StylePrinter,
  type BallotPlan,
  type GreyImage,
  type MarkKind,
} from '../../src/index.js';
import {
  groupExemplarsByImage,
  inkMapper,
  layoutDistance,
  type LabelledPage,
} from '../../src/image/style-groups.js';

/**
 * Exemplars of a Hart-like election (greyscale scans, 0.34 × 0.18 in boxes) grouped by what
 * their images show. A filled box's middle lies more than a grouping cell from its printed
 * rules: counted as a difference of layout, the voters' marks split one style's sheets into
 * groups of a few, and the style's template came from one sheet.
 */
const STYLES = ['S1', 'S2', 'S3'];
/** Sheets per style in each batch. */
const PER_BATCH = 2;
const BATCHES = ['1', '2', '3', '4', '5'];

describe('grouping Hart-like exemplars by their images', () => {
  it('keeps each style’s voted sheets together and finds the swapped batches alone', async () => {
    const election = makeElection({
      seed: 'hart-groups-16',
      family: 'hart',
      contests: 6,
      styles: 3,
    });
    const printer = new StylePrinter(election, 200);
    const exemplars: (LabelledPage & { truth: string })[] = [];
    let index = 0;
    for (const batch of BATCHES)
      for (const style of STYLES)
        for (let k = 0; k < PER_BATCH; k += 1) {
          const { layout } = await printer.style(style);
          // Every sheet votes about half its boxes, each its own.
          const plan: BallotPlan = {
            index,
            id: `1-${batch}-${index + 1}`,
            tabulator: '1',
            batch,
            record: String(index + 1),
            precinctId: 'P1',
            styleId: style,
            targets: layout.targets.map((t, i) => {
              // Scattered over the sheets, no two alike: two boxes in five filled.
              const draw = (Math.imul(i + 1, 2654435761) ^ Math.imul(index + 1, 40503)) >>> 7;
              const kind: MarkKind = draw % 5 < 2 ? 'full' : 'none';
              return {
                contestId: t.contestId,
                optionId: t.optionId,
                kind,
                isIntended: kind !== 'none',
              };
            }),
          };
          index += 1;
          const [page, back] = (await printer.ballot(plan)).pages as [GreyImage, GreyImage?];
          // Batches 1 and 2 carry each other's records: a sheet's record names another style.
          const at = STYLES.indexOf(style);
          const label =
            batch === '1' || batch === '2' ? (STYLES[(at + 1) % STYLES.length] ?? style) : style;
          exemplars.push({
            page,
            sheetId: plan.id,
            style: label,
            batch,
            truth: style,
            ...(back ? { back } : {}),
          });
        }
    // A sheet's votes are no difference of layout: the fronts of one style's sheets differ in
    // fewer cells than the fewest that ever link two sheets (8).
    const map = inkMapper(exemplars[0]!.page);
    const maps = exemplars.map((e) => map(e.page)!);
    const same: number[] = [];
    maps.forEach((a, i) =>
      maps.forEach((b, j) => {
        if (j > i && exemplars[i]!.truth === exemplars[j]!.truth) same.push(layoutDistance(a, b));
      }),
    );
    expect(Math.max(...same)).toBeLessThan(8);
    const grouped = groupExemplarsByImage(exemplars);
    for (const style of STYLES) {
      const pages = grouped.pages.get(style) ?? [];
      const truth = exemplars.filter((e) => e.truth === style).map((e) => e.page);
      expect(pages.length, `exemplars of ${style}`).toBe(truth.length);
      expect(
        pages.every((p) => truth.includes(p)),
        `exemplars of ${style}`,
      ).toBe(true);
    }
    expect(grouped.dropped).toEqual([]);
    expect(grouped.batches.map((b) => [b.batch, b.trusted])).toEqual([
      ['1', false],
      ['2', false],
      ['3', true],
      ['4', true],
      ['5', true],
    ]);
  }, 120_000);
});
