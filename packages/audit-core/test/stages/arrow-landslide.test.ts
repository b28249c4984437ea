import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  runPipeline,
  type StageResult,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob, type GeneratedJob } from './generated-job.js';

/**
 * A connect-the-arrow election in which nearly every voter joins the first contest's first
 * arrow: on the combined exemplars that arrow is one blob, tail, line and head. The template
 * must still hold it as a target, and its sheets read with it.
 */
let election: SynthElection;
let made: GeneratedJob;
let results: StageResult[];
const COUNT = 40;

beforeAll(async () => {
  election = makeElection({ seed: 'arrow-landslide', family: 'arrow', styles: 1, contests: 4 });
  made = await generatedJob('scrutineer-arrow-landslide-', election, {
    count: COUNT,
    batchSize: 20,
    misreads: 0,
    missing: 0,
    extra: 0,
    landslide: 0.97,
  });
  await made.store.write(
    PATHS.jobSettings,
    'group,argument,value\nstyle_specs,target_shape,arrow\n',
  );
  results = await runPipeline(made.store, 'precheck', 'extractvote', { batchSize: 20 });
}, 600_000);

afterAll(async () => {
  if (made) await rm(made.job, { recursive: true, force: true });
});

describe('an arrow nearly every voter joined', () => {
  it('is joined on nearly every sheet of the election', () => {
    const plans = [...made.truth.values()];
    const first = plans[0]?.targets[0];
    const joined = plans.filter((p) =>
      p.targets.some((t) => t.optionId === first?.optionId && t.kind === 'full'),
    );
    expect(joined.length).toBeGreaterThanOrEqual(COUNT * 0.9);
  });

  it('is found as a target, and every sheet is read', async () => {
    expect(results.map((r) => `${r.stage} ${r.status}`)).toEqual(
      ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote'].map(
        (s) => `${s} SUCCESS`,
      ),
    );
    // Each of the style's options mapped from the election file, none left to a person.
    const contests = election.contests.filter((c) => election.styles[0]?.contestIds.includes(c.id));
    const mapping = await readCsvAll(made.store, PATHS.mapping);
    expect(mapping.map((m) => `${m.contest_id} ${m.option_id} ${m.source}`).sort()).toEqual(
      contests.flatMap((c) => c.options.map((o) => `${c.id} ${o.id} eif`)).sort(),
    );
    const sheets = await readCsvAll(made.store, PATHS.votesSheets);
    expect(sheets.filter((s) => s.status !== 'read')).toEqual([]);
    expect(sheets).toHaveLength(COUNT);
  });

  it('reads the joined arrow as a vote on every sheet that joined it', async () => {
    const targets = await readCsvAll(made.store, PATHS.votesTargets);
    const wrong: string[] = [];
    let joined = 0;
    for (const t of targets) {
      const truth = made.truth
        .get(t.sheet_id ?? '')
        ?.targets.find((x) => x.optionId === t.option_id);
      if (!truth) throw new Error(`sheet ${t.sheet_id} target ${t.option_id} is not on its ballot`);
      if (truth.kind !== 'full') continue;
      joined += 1;
      if (t.decision !== 'vote') wrong.push(`${t.sheet_id} ${t.option_id} read ${t.decision}`);
    }
    expect(wrong).toEqual([]);
    expect(joined).toBeGreaterThan(COUNT);
  });
});
