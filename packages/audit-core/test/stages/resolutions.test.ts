import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { makeElection, PATHS, runPipeline, type SynthElection } from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * Scanners are set to 150, 200 or 300 dpi, and a county may mix them between batches. Small
 * generated jobs, every scan of a job at one resolution (so its templates, built from its own
 * sheets, are at that resolution too) or batches at different ones, run from precheck to cmpcvr:
 * every sheet is read, every mark as the generator made it (or gray), and the planted misreads
 * are found. The 300-ballot runs are `bench/audit-stages.ts` with DPI=150, DPI=300 or
 * DPI=150,200,300.
 */
const jobs: string[] = [];
afterAll(async () => {
  for (const job of jobs) await rm(job, { recursive: true, force: true });
});

const families: Record<string, SynthElection> = {
  'timing marks': makeElection({ seed: 'dpi-timing', styles: 1, precincts: 1, contests: 4 }),
  // Two styles: a sheet is laid on each to tell its style, as a county's sheets are.
  'Hart-like': makeElection({ seed: 'dpi-hart', family: 'hart', styles: 2, contests: 4 }),
};

async function readJob(
  election: SynthElection,
  dpi: number | number[],
  count: number,
  batchSize: number,
): Promise<void> {
  const made = await generatedJob('scrutineer-dpi-', election, {
    count,
    dpi,
    batchSize,
    misreads: 2,
    missing: 0,
    extra: 0,
    swapBatches: false,
  });
  jobs.push(made.job);
  const results = await runPipeline(made.store, 'precheck', 'cmpcvr', { batchSize });
  expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
    ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'].map(
      (s) => `${s} SUCCESS`,
    ),
  );
  const sheets = await readCsvAll(made.store, PATHS.votesSheets);
  expect(sheets.filter((s) => s.status === 'read')).toHaveLength(count);
  const marks = await marksAgainstTruth(made.store, made.truth);
  const targets = [...made.truth.values()].reduce((n, plan) => n + plan.targets.length, 0);
  expect(marks.rows).toHaveLength(targets);
  expect(marks.wrong).toEqual([]);
  expect(marks.share).toBe(1);
  const { found, planted } = await foundAndPlanted(made.store, made.planted);
  expect(found).toEqual(planted);
}

describe('ballots scanned at 150 and 300 dpi', () => {
  for (const [family, election] of Object.entries(families))
    for (const dpi of [150, 300])
      it(
        `${family}, every sheet at ${dpi} dpi: all read, marks as made, misreads found`,
        () => readJob(election, dpi, dpi > 200 ? 6 : 12, 12),
        300_000,
      );

  for (const [family, election] of Object.entries(families))
    it(
      `${family}, batches at 300, 150 and 200 dpi in one job: all read on each style's template`,
      () => readJob(election, [300, 150, 200], 12, 4),
      300_000,
    );
});
