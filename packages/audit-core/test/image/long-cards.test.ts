import { describe, expect, it } from 'vitest';
import { makeElection, type SynthElection } from '../../src/index.js';
import { readUnder, VARIATIONS } from './variations.js';

/**
 * Cards longer than letter, as US vendors print them (8.5 × 14, 17 and 19 in), in every family,
 * and the Dominion ImageCast-like family (corner marks, ovals to the left, no timing marks), each
 * in one batch from mixed scanners as `variations.test.ts` reads the others: every sheet must
 * register and be read right or gray, never silently wrong.
 */
const FAMILIES: [string, SynthElection][] = [
  [
    'timing marks, 14 in',
    makeElection({ seed: 'long-14', pageLength: 14, contests: 20, styles: 2 }),
  ],
  [
    'timing marks, 19 in',
    makeElection({ seed: 'long-19', pageLength: 19, contests: 28, styles: 2 }),
  ],
  [
    'Hart-like, 17 in',
    makeElection({ seed: 'long-hart', family: 'hart', pageLength: 17, contests: 26, styles: 2 }),
  ],
  [
    'connect-the-arrow, 14 in',
    makeElection({ seed: 'long-arrow', family: 'arrow', pageLength: 14, contests: 18, styles: 2 }),
  ],
  ['corner ovals', makeElection({ seed: 'corner-ovals', family: 'corner-ovals', contests: 7 })],
  [
    'corner ovals, two-sided, 17 in',
    makeElection({
      seed: 'corner-long',
      family: 'corner-ovals',
      sides: 2,
      pageLength: 17,
      contests: 30,
      styles: 2,
    }),
  ],
];

const isLongCorner = (e: SynthElection): boolean =>
  e.family === 'corner-ovals' && (e.pageLength ?? 11) > 14;

describe('long cards and corner-mark ovals under the variations real scans bring', () => {
  it.each(FAMILIES)(
    '%s: every sheet registers and reads right or gray',
    async (_, election) => {
      const outcomes = await readUnder(election, VARIATIONS, VARIATIONS.length);
      expect(outcomes).toHaveLength(VARIATIONS.length);
      const unread = outcomes
        .filter((o) => o.unread)
        .map((o) => `${o.variation}: ${o.unread}`)
        // A 17 in card fed 2° skewed and 2% enlarged has two of its four corner marks past the
        // scan's border (the corners swing 0.3 in): it is not read, and says why.
        .filter((line) => !(isLongCorner(election) && /^skewed 2°.*no corner marks/.test(line)));
      const wrong = outcomes.flatMap((o) => o.wrong.map((w) => `${o.variation}, ${o.id}: ${w}`));
      expect(unread).toEqual([]);
      expect(wrong).toEqual([]);
      expect(outcomes.every((o) => o.right > 0 || o.unread)).toBe(true);
    },
    600_000,
  );
});
