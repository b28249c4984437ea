import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadPage,
  makeElection,
  PATHS,
  runPipeline,
  StylePrinter,
  targetsOnScan,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';

/**
 * Small jobs give each style five to eight exemplars, and a voters' favourite is marked on all
 * of them: gentemplates still finds every printed target, where it is printed, and maps it to
 * its contest and option from the election file.
 */
const jobs: string[] = [];
afterAll(async () => {
  for (const job of jobs) await rm(job, { recursive: true, force: true });
});

describe('templates of a small generated job', () => {
  for (const [seed, count] of [
    ['stages-suite', 16],
    ['adjudication-api', 24],
  ] as [string, number][])
    it(`find and map every target of every style (seed ${seed}, ${count} ballots)`, async () => {
      const election: SynthElection = makeElection({ seed });
      const made = await generatedJob('scrutineer-small-templates-', election, {
        count,
        batchSize: 30,
        misreads: 1,
        missing: 0,
        extra: 0,
        swapBatches: false,
      });
      jobs.push(made.job);
      const results = await runPipeline(made.store, 'precheck', 'gentemplates', {
        batchSize: count,
      });
      expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
        ['precheck', 'gen_bif', 'genstyles', 'gentemplates'].map((s) => `${s} SUCCESS`),
      );
      const mapping = await readCsvAll(made.store, PATHS.mapping);
      const printer = new StylePrinter(election);
      const styles = [...new Set(mapping.map((m) => m.style))].sort();
      expect(styles.length).toBeGreaterThan(0);
      for (const style of styles) {
        const rows = mapping.filter((m) => m.style === style);
        const image = await loadPage(
          await readFile(join(made.job, `${PATHS.templates}${style}/template.png`)),
        );
        const { layout } = await printer.style(style ?? '');
        // Each printed target lies in the box mapped to its own contest and option.
        const expected = targetsOnScan(layout, image).map((t) => ({
          contest: t.contestId,
          option: t.optionId,
          source: 'eif',
          inside: true,
        }));
        const got = layout.targets.map((_, i) => {
          const row = rows[i];
          const at = targetsOnScan(layout, image)[i];
          const x = Number(row?.x);
          const y = Number(row?.y);
          return {
            contest: row?.contest_id,
            option: row?.option_id,
            source: row?.source,
            inside:
              !!at &&
              at.cx >= x &&
              at.cx <= x + Number(row?.width) &&
              at.cy >= y &&
              at.cy <= y + Number(row?.height),
          };
        });
        expect([style, rows.length]).toEqual([style, layout.targets.length]);
        expect(got).toEqual(expected);
      }
    }, 300_000);
});
