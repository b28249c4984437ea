import { describe, expect, it } from 'vitest';
import { makeElection, planBallot, StylePrinter, type GreyImage } from '../../src/index.js';
import { readStyleBarcode, styleOfBarcode } from '../../src/image/style-code.js';

/** The page turned 180°, as a sheet fed upside down is scanned. */
function turned(page: GreyImage): GreyImage {
  const data = new Uint8Array(page.data.length);
  for (let i = 0; i < data.length; i += 1) data[i] = page.data[data.length - 1 - i] as number;
  return { ...page, data };
}

describe('style barcodes', () => {
  const hart = makeElection({ seed: 'style-code', family: 'hart', styles: 3 });
  const printer = new StylePrinter(hart, 200);

  it('reads the style and side a Hart-like sheet carries, upright or turned', async () => {
    for (const index of [0, 1, 2, 3, 4, 5]) {
      const plan = planBallot(hart, index);
      const ballot = await printer.ballot(plan);
      const number = hart.styles.findIndex((s) => s.id === plan.styleId) + 1;
      expect(readStyleBarcode(ballot.image), plan.id).toBe(number * 4 + 1);
      expect(readStyleBarcode(ballot.pages[1] as GreyImage), plan.id).toBe(number * 4 + 2);
      expect(readStyleBarcode(turned(ballot.image)), plan.id).toBe(number * 4 + 1);
      expect(styleOfBarcode(number * 4 + 1, hart.styles)).toEqual({ style: plan.styleId, side: 1 });
    }
  });

  it('finds no code on a timing-mark ballot, whose edge marks are all alike', async () => {
    const timing = makeElection({ seed: 'style-code-timing' });
    const ballot = await new StylePrinter(timing, 200).ballot(planBallot(timing, 0));
    expect(readStyleBarcode(ballot.image)).toBeUndefined();
  });

  it('names a style by its code in the election file, else by its place in the list', () => {
    expect(styleOfBarcode(9, [{ id: 'A' }, { id: 'B' }])).toEqual({ style: 'B', side: 1 });
    expect(
      styleOfBarcode(9, [
        { id: 'A', code: 2 },
        { id: 'B', code: 7 },
      ]),
    ).toEqual({
      style: 'A',
      side: 1,
    });
    expect(styleOfBarcode(29, [{ id: 'A' }, { id: 'B' }])).toBeUndefined();
    expect(styleOfBarcode(undefined, [{ id: 'A' }])).toBeUndefined();
  });
});
