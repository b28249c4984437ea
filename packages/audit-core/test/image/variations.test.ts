import { describe, expect, it } from 'vitest';
import { makeElection, makeSharedLayoutElection, type SynthElection } from '../../src/index.js';
import { readUnder, VARIATIONS } from './variations.js';

/**
 * Every family the generator prints, each in one batch from mixed scanners: sheet i comes as
 * the i-th variation brings it (150 and 300 dpi, 1-bit, greyscale, colour JPEG and PNG, turned
 * 180°, fed sideways turned 90° and 270°, skewed 2° and 2% off in scale, PDF pages, a
 * multi-page TIFF, light marks as a 1-bit scanner leaves them). Each sheet must register and be read right or gray, never silently
 * wrong. `bench/variations.ts` runs each variation on a batch of its own.
 */
const FAMILIES: [string, SynthElection][] = [
  [
    'timing marks, one style',
    makeElection({ seed: 'var-one', styles: 1, precincts: 1, contests: 4 }),
  ],
  ['timing marks, many styles', makeElection({ seed: 'var-many', styles: 3, contests: 5 })],
  ['two-sided', makeElection({ seed: 'var-two', sides: 2, contests: 6 })],
  ['Hart-like', makeElection({ seed: 'var-hart', family: 'hart', contests: 6 })],
  ['connect-the-arrow', makeElection({ seed: 'var-arrow', family: 'arrow', contests: 5 })],
  ['shared layout', makeSharedLayoutElection({ seed: 'var-shared' })],
];

describe('every family under the variations real scans bring', () => {
  it.each(FAMILIES)(
    '%s: every sheet registers and reads right or gray, sheets fed sideways too',
    async (_, election) => {
      const outcomes = await readUnder(election, VARIATIONS, VARIATIONS.length);
      expect(outcomes).toHaveLength(VARIATIONS.length);
      const unread = outcomes.filter((o) => o.unread).map((o) => `${o.variation}: ${o.unread}`);
      const wrong = outcomes.flatMap((o) => o.wrong.map((w) => `${o.variation}, ${o.id}: ${w}`));
      expect(unread).toEqual([]);
      expect(wrong).toEqual([]);
      expect(outcomes.every((o) => o.right > 0)).toBe(true);
      for (const turn of ['90°', '270°'])
        expect(outcomes.some((o) => o.variation.endsWith(turn) && o.right > 0)).toBe(true);
    },
    300_000,
  );
});
