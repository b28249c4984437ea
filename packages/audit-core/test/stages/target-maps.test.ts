import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  editedMapKey,
  makeElection,
  PATHS,
  runPipeline,
  type EditedTargetMap,
  type FolderStore,
  type MappedBox,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';

/**
 * A person's map replaces the automatic one when extractvote runs again: a target left out of
 * the map is not read, and drawn back in its marks are read as before.
 */
let job: string;
let store: FolderStore;
let automatic: MappedBox[];
const STYLE = 'S1';

const targetsOf = async (style: string) =>
  (await readCsvAll(store, PATHS.votesTargets)).filter((r) => r.style === style);

const saveMap = (targets: MappedBox[]) => {
  const map: EditedTargetMap = {
    style: STYLE,
    targets,
    edited_by: 'Test Auditor',
    edited_at: new Date(0).toISOString(),
  };
  return store.write(editedMapKey(STYLE), JSON.stringify(map));
};

beforeAll(async () => {
  const election = makeElection({ seed: 'target-maps', styles: 2, precincts: 2 });
  ({ job, store } = await generatedJob('scrutineer-maps-', election, { count: 24 }));
  await runPipeline(store, 'precheck', 'extractvote', { batchSize: 50 });
  automatic = (await readCsvAll(store, PATHS.mapping))
    .filter((r) => r.style === STYLE)
    .map((r) => ({
      x: Number(r.x),
      y: Number(r.y),
      width: Number(r.width),
      height: Number(r.height),
      contest_id: r.contest_id ?? '',
      option_id: r.option_id ?? '',
    }));
}, 600_000);

afterAll(async () => rm(job, { recursive: true, force: true }));

describe('edited target maps', () => {
  it('reads a style without a target left out of its map, and with it once drawn back', async () => {
    const before = await targetsOf(STYLE);
    const votesFor = (option: string) =>
      before.filter((r) => r.option_id === option && r.decision === 'vote');
    // The target marked on the most sheets is the one the map misses.
    const missed = [...automatic].sort(
      (a, b) => votesFor(b.option_id).length - votesFor(a.option_id).length,
    )[0];
    if (!missed) throw new Error('the style has no targets');
    const marked = votesFor(missed.option_id);
    expect(marked.length).toBeGreaterThan(0);

    await saveMap(automatic.filter((t) => t !== missed));
    await runPipeline(store, 'extractvote', 'extractvote', { batchSize: 50 });
    const without = await targetsOf(STYLE);
    expect(without.some((r) => r.option_id === missed.option_id)).toBe(false);
    expect(without.length).toBe(before.length - before.length / automatic.length);

    // Drawn by hand: a looser box round the printed target is taken to the outline inside it.
    await saveMap([
      ...automatic.filter((t) => t !== missed),
      {
        ...missed,
        x: missed.x - 3,
        y: missed.y - 3,
        width: missed.width + 6,
        height: missed.height + 6,
      },
    ]);
    await runPipeline(store, 'extractvote', 'extractvote', { batchSize: 50 });
    const again = (await targetsOf(STYLE)).filter(
      (r) => r.option_id === missed.option_id && r.decision === 'vote',
    );
    expect(again.map((r) => r.sheet_id).sort()).toEqual(marked.map((r) => r.sheet_id).sort());
  }, 600_000);
});
