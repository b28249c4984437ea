import { describe, it } from 'vitest';
import { makeElection } from '../../src/index.js';
import { readJob } from './resolutions.js';

/**
 * Hart-like ballots (corner marks, boxes, greyscale) at 150 and 300 dpi, and batches mixing 150,
 * 200 and 300. Two styles: a sheet is laid on each to tell its style, as a county's sheets are.
 */
const election = makeElection({ seed: 'dpi-hart', family: 'hart', styles: 2, contests: 4 });

describe('Hart-like ballots scanned at 150 to 300 dpi', () => {
  for (const dpi of [150, 300])
    it(
      `every sheet at ${dpi} dpi: all read, marks as made, misreads found`,
      () => readJob(election, dpi, dpi > 200 ? 6 : 12, 12),
      300_000,
    );

  it(
    'batches at 300, 150 and 200 dpi in one job: all read on each style’s template',
    () => readJob(election, [300, 150, 200], 12, 4),
    300_000,
  );
});
