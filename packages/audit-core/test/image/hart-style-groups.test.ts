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
import type { Thumbnail } from '../../src/image/thumbnail.js';

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

describe('Hart-like sheets with a serial printed on each', () => {
  it('are nearer the sheets of their style than any other style’s, whatever their serials', async () => {
    // The generator's default Hart-like election, as a 2,000-ballot job prints it: each sheet
    // carries its serial as 20 bold bars near its foot (an imprinter's), and serials that far
    // apart in a job differ in up to 22 bars. Told by solid ink alone (bars and box rules, not
    // the text), two sheets of one style were farther apart than two styles' fronts.
    const election = makeElection({ seed: 'hart-serials', family: 'hart' });
    const printer = new StylePrinter(election, 200);
    const serials = [1023, 1024, 2047, 170, 1365];
    const sheets: { style: string; map: Thumbnail }[] = [];
    let map: ((page: GreyImage) => Thumbnail | undefined) | undefined;
    for (const style of STYLES)
      for (const [k, serial] of serials.entries()) {
        const { layout } = await printer.style(style);
        const plan: BallotPlan = {
          // The imprinted serial is the sheet's place in the job, counted from one.
          index: serial - 1,
          id: `1-1-${serial}`,
          tabulator: '1',
          batch: '1',
          record: String(serial),
          precinctId: 'P1',
          styleId: style,
          targets: layout.targets.map((t, i) => {
            const kind: MarkKind = (i + k) % 3 === 0 ? 'full' : 'none';
            return {
              contestId: t.contestId,
              optionId: t.optionId,
              kind,
              isIntended: kind !== 'none',
            };
          }),
        };
        const [page] = (await printer.ballot(plan, { imprint: true })).pages as [GreyImage];
        map ??= inkMapper(page);
        sheets.push({ style, map: map(page)! });
      }
    let same = 0;
    let other = Infinity;
    sheets.forEach((a, i) =>
      sheets.forEach((b, j) => {
        if (j <= i) return;
        const d = layoutDistance(a.map, b.map);
        if (a.style === b.style) same = Math.max(same, d);
        else other = Math.min(other, d);
      }),
    );
    expect(same).toBeLessThan(other);
  }, 120_000);
});
