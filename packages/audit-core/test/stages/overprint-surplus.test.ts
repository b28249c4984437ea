import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  layoutStyle,
  makeElection,
  PATHS,
  runPipeline,
  type StageResult,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob, type GeneratedJob } from './generated-job.js';

/**
 * A test deck with SAMPLE printed across every sheet in a dense tint: under it the overprint
 * finder also takes a place one pitch below a column's last target, with nothing to read there.
 * The election's contests say which found place is not a target.
 */
const OPTIONS = {
  seed: 'templates-obscured',
  contests: 10,
  styles: 1,
  precincts: 1,
  overprint: 'SAMPLE',
} as const;
let made: GeneratedJob;
let results: StageResult[];

beforeAll(async () => {
  made = await generatedJob('scrutineer-overprint-surplus-', makeElection(OPTIONS), {
    count: 12,
    batchSize: 30,
    misreads: 0,
    missing: 0,
    extra: 0,
    swapBatches: false,
  });
  results = await runPipeline(made.store, 'precheck', 'gentemplates', {});
}, 600_000);

afterAll(async () => rm(made.job, { recursive: true, force: true }));

describe('a place under the tint past a column’s last target', () => {
  it('is left out, so the targets match the election and gentemplates ends SUCCESS', async () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates'].map((s) => `${s} SUCCESS`),
    );
    const election = makeElection(OPTIONS);
    const layout = layoutStyle(election, election.styles[0]?.id ?? '', 200);
    const mapped = await readCsvAll(made.store, PATHS.mapping);
    expect(mapped.map((m) => m.option_id)).toEqual(layout.targets.map((t) => t.optionId));
    // Each target sits where the layout prints that option, measured from the first target.
    const centre = (m: (typeof mapped)[number]): [number, number] => [
      Number(m.x) + Number(m.width) / 2,
      Number(m.y) + Number(m.height) / 2,
    ];
    const [x0, y0] = centre(mapped[0] ?? {});
    const [first] = layout.targets;
    mapped.forEach((m, i) => {
      const t = layout.targets[i];
      const [x, y] = centre(m);
      expect(Math.abs(x - x0 - ((t?.cx ?? 0) - (first?.cx ?? 0))), m.option_id).toBeLessThan(6);
      expect(Math.abs(y - y0 - ((t?.cy ?? 0) - (first?.cy ?? 0))), m.option_id).toBeLessThan(6);
    });
  });
});
