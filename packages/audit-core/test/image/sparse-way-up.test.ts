import { beforeAll, describe, expect, it } from 'vitest';
import {
  feedTurned,
  makeElection,
  planBallot,
  registerPage,
  StylePrinter,
  styleTemplate,
  type SyntheticBallot,
  type Template,
} from '../../src/index.js';

/**
 * A card whose front prints one or two targets (one short contest): too few outlines to tell
 * its way up, so its print does. On greyscale scans the paper reads as a little ink in every
 * cell, more than a sparse card prints; the print is measured where the template prints.
 */
describe.each([
  // One unopposed measure on timing marks, scanned in grey (as a rescan saved greyscale is).
  {
    family: 'timing' as const,
    seed: 'sparse-timing',
    contests: 1,
    unopposed: ['C1'],
    scanner: 'grey' as const,
  },
  {
    family: 'timing' as const,
    seed: 'sparse-timing',
    contests: 1,
    unopposed: ['C1'],
    scanner: 'bilevel' as const,
  },
  // A Hart-like card whose front holds one contest of two options; corner marks print alike.
  {
    family: 'hart' as const,
    seed: 'rescan-turned-hart',
    contests: 2,
    scanner: 'grey' as const,
  },
])('a sparse $family card scanned $scanner', ({ family, seed, contests, unopposed, scanner }) => {
  const election = makeElection({
    seed,
    family,
    contests,
    unopposed,
    styles: 1,
  });
  const printer = new StylePrinter(election, 200);
  let template: Template;
  let ballots: SyntheticBallot[];
  beforeAll(async () => {
    template = await styleTemplate(printer, 'S1');
    ballots = await Promise.all(
      [2, 5].map((i) => printer.ballot(planBallot(election, i), { imprint: true, scanner })),
    );
  });

  it('prints fewer than 3 targets on its front', () => {
    expect(template.targets.length).toBeLessThan(3);
  });

  it('is laid on its template the right way up, fed upright or upside down', () => {
    for (const ballot of ballots) {
      // The fit's x scale: positive upright, negative through a half turn.
      expect(registerPage(ballot.image, template).transform.a).toBeGreaterThan(0);
      const upsideDown = feedTurned(ballot, 'upside-down').image;
      expect(registerPage(upsideDown, template).transform.a).toBeLessThan(0);
    }
  });
});
