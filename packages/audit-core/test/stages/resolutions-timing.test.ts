import { describe, it } from 'vitest';
import { makeElection } from '../../src/index.js';
import { readJob } from './resolutions.js';

/** Timing-mark ballots of one style at 150 and 300 dpi, and batches mixing 150, 200 and 300. */
const election = makeElection({ seed: 'dpi-timing', styles: 1, precincts: 1, contests: 4 });

describe('timing-mark ballots scanned at 150 to 300 dpi', () => {
  for (const dpi of [150, 300])
    it(
      `every sheet at ${dpi} dpi: all read, marks as made, misreads found`,
      () => readJob(election, dpi, dpi > 200 ? 6 : 12, 12),
      300_000,
    );

  it(
    'batches at 300, 150 and 200 dpi in one job: all read on the style’s template',
    () => readJob(election, [300, 150, 200], 12, 4),
    300_000,
  );
});

/**
 * Three styles told apart by their images, in batches at 150, 200 and 300 dpi in turn. A sheet
 * scanned at 150 dpi and blurred by a pixel loses much of its thin text (and a blank oval's
 * outline can reach into the target's interior): such a target may be flagged gray.
 */
const styled = makeElection({ seed: 'dpi-mixed-styles', styles: 3 });

describe('three styles, batches alternating 150, 200 and 300 dpi', () => {
  it(
    'every sheet read with its own style, marks as made, the planted misreads and no others found',
    () => readJob(styled, [150, 200, 300], 90, 15, 0.995),
    600_000,
  );
});
