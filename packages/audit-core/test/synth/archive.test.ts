import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  loadPage,
  makeElection,
  memorySink,
  readBallot,
  StylePrinter,
  styleTemplate,
  writeSyntheticElection,
  type BallotPlan,
} from '../../src/index.js';

/** Every entry of a zip held in memory, by name. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

describe('writeSyntheticElection', () => {
  it('writes an image archive, the ground truth and vote records that agree', async () => {
    const election = makeElection({ seed: 'archive-test' });
    const sink = memorySink();
    const images = new PassThrough();
    const chunks: Buffer[] = [];
    images.on('data', (c: Buffer) => chunks.push(c));
    const progress: number[] = [];
    const written = await writeSyntheticElection(
      election,
      {
        count: 24,
        batchSize: 10,
        formats: ['dominion-csv', 'ess-csv'],
        onProgress: (p) => progress.push(p.done),
      },
      images,
      sink,
    );
    expect(progress.at(-1)).toBe(24);
    const entries = await unzip(Buffer.concat(chunks));
    expect(entries.size).toBe(24);
    const truth = (sink.files.get('truth.jsonl') ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as BallotPlan & { file: string });
    expect(truth).toHaveLength(24);
    expect(JSON.parse(sink.files.get('discrepancies.json') ?? '[]')).toEqual(written.planted);
    expect([...sink.files.keys()]).toEqual(
      expect.arrayContaining(['election.json', 'CVR_Export.csv', 'cvr.csv']),
    );
    // The archived image of the first ballot reads as its truth says.
    const first = truth[0] as BallotPlan & { file: string };
    const page = await loadPage(entries.get(first.file) as Buffer);
    const template = await styleTemplate(new StylePrinter(election), first.styleId);
    const reading = readBallot(page, template);
    expect(reading.targets.map((t) => t.decision === 'vote')).toEqual(
      first.targets.map((t) => t.isIntended),
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const run = writeSyntheticElection(
      makeElection({ seed: 'cancel' }),
      { count: 50, signal: controller.signal, onProgress: () => controller.abort() },
      new PassThrough().resume(),
      memorySink(),
    );
    await expect(run).rejects.toThrow(/abort/i);
  });
});
