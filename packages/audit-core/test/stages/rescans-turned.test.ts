import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeElection,
  PATHS,
  planBallot,
  runPipeline,
  type FolderStore,
  type PlantedDiscrepancy,
  type SynthElection,
} from '../../src/index.js';
import { readCsvAll } from '../../src/stages/context.js';
import { generatedJob } from './generated-job.js';

/**
 * Ballots that go through the scanner a second time fed another way than the first (upside
 * down, sideways clockwise, sideways anticlockwise), among sheets half of which go through
 * sideways the first time: each second scan is found as the same paper as its first, and no
 * two distinct papers read alike are, however each was fed. Two contests, so that many distinct
 * papers share their votes.
 */
describe.each(['timing', 'hart'] as const)('rescans fed another way, %s family', (family) => {
  let job: string;
  let store: FolderStore;
  let planted: PlantedDiscrepancy[];
  let election: SynthElection;
  beforeAll(async () => {
    election = makeElection({ seed: `rescan-turned-${family}`, family, contests: 2, styles: 1 });
    ({ job, store, planted } = await generatedJob('scrutineer-rescans-turned-', election, {
      count: 18,
      batchSize: 30,
      misreads: 0,
      missing: 0,
      extra: 0,
      swapBatches: false,
      rescans: 3,
      rescansFed: ['upside-down', 'clockwise', 'anticlockwise'],
      scan: { imprint: true, sideways: 0.5 },
    }));
    await runPipeline(store, 'precheck', 'cmpcvr', { batchSize: 30 });
  }, 900_000);
  afterAll(async () => rm(job, { recursive: true, force: true }));

  /** Where each sheet's first target lies in its file, and what it reads, contest by contest. */
  async function sheetsRead(): Promise<Map<string, { x: number; y: number; reading: string }>> {
    const targets = await readCsvAll(store, PATHS.votesTargets);
    const contests = await readCsvAll(store, PATHS.votesContests);
    const sheets = new Map<string, { x: number; y: number; reading: string }>();
    for (const t of targets) {
      if (t.target !== '1') continue;
      const reading = contests
        .filter((c) => c.sheet_id === t.sheet_id)
        .map((c) => `${c.contest_id}:${c.votes}:${c.overvote}`)
        .sort()
        .join('|');
      sheets.set(t.sheet_id ?? '', { x: Number(t.x), y: Number(t.y), reading });
    }
    return sheets;
  }
  // A sheet fed another way shows its first target an inch or more from where the other shows it.
  const fedApart = (a: { x: number; y: number }, b: { x: number; y: number }): boolean =>
    Math.hypot(a.x - b.x, a.y - b.y) > 200;

  it('lists each second scan as a duplicate of its first scan, and nothing else', async () => {
    const rescans = planted.filter((p) => p.kind === 'rescan');
    expect(rescans.map((r) => r.fed)).toEqual(['upside-down', 'clockwise', 'anticlockwise']);
    const sheets = await sheetsRead();
    for (const r of rescans) {
      const first = sheets.get(planBallot(election, r.copyOf).id);
      const again = sheets.get(r.ballotId);
      // Each was read, and fed another way than its first scan.
      expect(first && again && fedApart(first, again), `${r.ballotId} ${r.fed}`).toBe(true);
    }
    const disagreements = await readCsvAll(store, PATHS.disagreements);
    expect(disagreements.map((d) => `${d.kind} ${d.sheet_id}`).sort()).toEqual(
      rescans.map((r) => `Duplicate ${r.ballotId}`).sort(),
    );
    for (const d of disagreements) {
      const r = rescans.find((p) => p.ballotId === d.sheet_id);
      expect(d.detail).toContain(`same paper as ${planBallot(election, r?.copyOf ?? -1).id} `);
    }
  });

  it('holds distinct papers read alike and fed differently, none of them taken for another', async () => {
    const sheets = [...(await sheetsRead())].filter(([id]) => !/-8\d{3}$/.test(id));
    let pairs = 0;
    for (const [i, [, a]] of sheets.entries())
      for (const [, b] of sheets.slice(i + 1))
        if (a.reading === b.reading && fedApart(a, b)) pairs += 1;
    expect(pairs).toBeGreaterThan(2);
    // Only the planted second scans are duplicates (the test above): no such pair is one.
    const disagreements = await readCsvAll(store, PATHS.disagreements);
    const duplicates = disagreements.filter((d) => d.kind === 'Duplicate');
    expect(duplicates.every((d) => /-8\d{3}$/.test(d.sheet_id ?? ''))).toBe(true);
  });
});
