import { rm } from 'node:fs/promises';
import { afterAll, expect } from 'vitest';
import { PATHS, runPipeline, type SynthElection } from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';
import { foundAndPlanted, marksAgainstTruth } from './truth.js';

/**
 * Scanners are set to 150, 200 or 300 dpi, and a county may mix them between batches. Small
 * generated jobs, every scan of a job at one resolution (so its templates, built from its own
 * sheets, are at that resolution too) or batches at different ones, run from precheck to cmpcvr:
 * every sheet is read, every mark as the generator made it (or gray), and the planted misreads
 * are found. The larger runs are `bench/audit-stages.ts` with DPI=150, DPI=300 or
 * DPI=150,200,300. Jobs are removed after the file's tests.
 */
const jobs: string[] = [];
afterAll(async () => {
  for (const job of jobs) await rm(job, { recursive: true, force: true });
});

/**
 * Generates a job (`dpi` a list: batch by batch in turn), runs it and checks it against truth.
 * With `gray`, a clear mark or blank target may be flagged gray rather than read as made (the
 * share read as made at least `gray`), but none is read wrong without the flag.
 */
export async function readJob(
  election: SynthElection,
  dpi: number | number[],
  count: number,
  batchSize: number,
  gray?: number,
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
  // Each sheet read on its own style's template (the generator's style, not another's).
  const misstyled = sheets
    .filter((s) => s.style !== made.truth.get(s.sheet_id ?? '')?.styleId)
    .map((s) => `${s.sheet_id} ${made.truth.get(s.sheet_id ?? '')?.styleId} read as ${s.style}`);
  expect(misstyled).toEqual([]);
  const marks = await marksAgainstTruth(made.store, made.truth);
  const targets = [...made.truth.values()].reduce((n, plan) => n + plan.targets.length, 0);
  expect(marks.rows).toHaveLength(targets);
  expect(marks.wrong).toEqual([]);
  if (gray) {
    // Clear marks and blank targets too: each read as made or flagged gray, none silently wrong.
    const clearWrong = marks.rows.filter((t) => {
      const target = made.truth
        .get(t.sheet_id ?? '')
        ?.targets.find((x) => x.optionId === t.option_id);
      return t.decision !== 'gray' && (t.decision === 'vote') !== target?.isIntended;
    });
    expect(clearWrong).toEqual([]);
    expect(marks.share).toBeGreaterThanOrEqual(gray);
  } else expect(marks.share).toBe(1);
  const { found, planted } = await foundAndPlanted(made.store, made.planted);
  expect(found).toEqual(planted);
}
