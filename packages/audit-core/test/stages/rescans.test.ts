import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addedInk,
  isSamePaper,
  makeElection,
  PATHS,
  planBallot,
  registerPage,
  runPipeline,
  StylePrinter,
  styleTemplate,
  type AddedInk,
  type FolderStore,
  type GreyImage,
  type PlantedDiscrepancy,
  type StageResult,
  type Template,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { paperReading } from '../../src/stages/rescans.js';
import { generatedJob } from './generated-job.js';

const inkOf = (page: GreyImage, template: Template): AddedInk =>
  addedInk(page, registerPage(page, template).transform, template);

describe('the same paper scanned twice, told from distinct ballots marked alike', () => {
  const election = makeElection({ seed: 'rescan-unit', styles: 1 });
  const printer = new StylePrinter(election, 200);
  let template: Template;
  beforeAll(async () => {
    template = await styleTemplate(printer, 'S1');
  });

  it('finds a second scan of a ballot (other shift, turn, noise) the same paper', async () => {
    const plan = planBallot(election, 3);
    const first = await printer.ballot(plan, { imprint: true });
    const again = await printer.ballot(plan, { imprint: true }, 0);
    expect(again.scan).not.toEqual(first.scan);
    const a = inkOf(first.image, template);
    const b = inkOf(again.image, template);
    expect(a.cells.length).toBeGreaterThan(20);
    expect(isSamePaper(a, b)).toBe(true);
  });

  it('does not take another ballot with the same marks in the same places for it', async () => {
    const plan = planBallot(election, 3);
    // Another sheet of the style, marked on the same options the same way: its serial differs.
    const other = { ...plan, index: 40, id: '1-1-41' };
    const a = inkOf((await printer.ballot(plan, { imprint: true })).image, template);
    const b = inkOf((await printer.ballot(other, { imprint: true })).image, template);
    expect(isSamePaper(a, b)).toBe(false);
  });

  it('never calls two blank ballots the same paper: nothing on them identifies one', async () => {
    const blank = (index: number) => ({
      ...planBallot(election, index),
      targets: planBallot(election, index).targets.map((t) => ({ ...t, kind: 'none' as const })),
    });
    const a = inkOf((await printer.ballot(blank(1))).image, template);
    const b = inkOf((await printer.ballot(blank(2))).image, template);
    expect(isSamePaper(a, b)).toBe(false);
  });
});

describe('rescanned ballots in an audit', () => {
  let job: string;
  let store: FolderStore;
  let planted: PlantedDiscrepancy[];
  let results: StageResult[];
  beforeAll(async () => {
    ({ job, store, planted } = await generatedJob(
      'scrutineer-rescans-',
      makeElection({ seed: 'rescan-suite' }),
      {
        count: 60,
        batchSize: 30,
        misreads: 2,
        missing: 0,
        extra: 0,
        swapBatches: false,
        rescans: 2,
        scan: { imprint: true },
      },
    ));
    results = await runPipeline(store, 'precheck', 'cmpcvr', { batchSize: 30 });
  }, 900_000);
  afterAll(async () => rm(job, { recursive: true, force: true }));

  it('lists each second scan as a duplicate of its first, counts its votes once, and nothing else', async () => {
    expect(results.every((r) => r.status === 'SUCCESS')).toBe(true);
    const rescans = planted.filter((p) => p.kind === 'rescan');
    expect(rescans).toHaveLength(2);
    const disagreements = await readCsvAll(store, PATHS.disagreements);
    const duplicates = disagreements.filter((d) => d.kind === 'Duplicate');
    expect(duplicates.map((d) => d.sheet_id).sort()).toEqual(rescans.map((r) => r.ballotId).sort());
    for (const d of duplicates) {
      const copyOf = rescans.find((r) => r.ballotId === d.sheet_id)?.copyOf ?? -1;
      expect(d.detail).toContain(
        `same paper as ${planBallot(makeElection({ seed: 'rescan-suite' }), copyOf).id} `,
      );
    }
    // The other planted discrepancies are found as before.
    expect(disagreements.filter((d) => d.kind === 'Normal Disagreed')).toHaveLength(2);
    expect(disagreements).toHaveLength(4);
  });
});

describe('paperReading', () => {
  const contest = (votes: string[], gray: string[] = []) => ({ votes, gray, overvote: false });
  it('reads two scans of one paper alike where a mark is gray on one of them only', () => {
    const first = new Map([
      ['C1', contest(['C1-1'], ['C1-2'])],
      ['C2', contest(['C2-3'])],
    ]);
    const again = new Map([
      ['C2', contest(['C2-3'])],
      ['C1', contest(['C1-1'])],
    ]);
    expect(paperReading(first)).toBe(paperReading(again));
  });

  it('tells papers apart by their votes', () => {
    const one = new Map([['C1', contest(['C1-1'])]]);
    const other = new Map([['C1', contest(['C1-2'])]]);
    expect(paperReading(one)).not.toBe(paperReading(other));
  });
});
