import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderStore, type JobStore } from '../../src/index.js';
import { walkImageEntries } from '../../src/stages/images.js';
import { squarePage, zipBytes } from '../archive/helpers.js';

/** The signature of a zip's end record, which holds where the directory starts. */
const END_RECORD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

let folder: string;
let store: FolderStore;
let sheet: Buffer;

/** The folder's objects through byte ranges only, as remote blob storage serves them. */
function rangeOnly(inner: FolderStore, reads: { start: number; end: number }[]): JobStore {
  return {
    read: (key) => inner.read(key),
    write: (key, body) => inner.write(key, body),
    list: (prefix) => inner.list(prefix),
    exists: (key) => inner.exists(key),
    remove: (prefix) => inner.remove(prefix),
    openRange: async (key) => {
      const path = inner.localPath(key);
      return {
        size: (await stat(path)).size,
        read: async (start, end): Promise<Readable> => {
          reads.push({ start, end });
          return createReadStream(path, { start, end: end - 1 });
        },
      };
    },
  };
}

async function walk(target: JobStore, key: string, want?: (i: number) => boolean) {
  const pages: { entry: string; index: number; bytes: number }[] = [];
  const problems: string[] = [];
  for await (const item of walkImageEntries(target, key, want, {
    maxEntryBytes: 8 * 1024 * 1024,
    maxRatio: 50,
    ratioFloorBytes: 64 * 1024,
    maxTotalRatio: 200,
    maxTotalBytes: 1024 ** 3,
  })) {
    if (item.type === 'problem')
      problems.push(`${item.problem.severity} ${item.problem.code} ${item.problem.entry ?? ''}`);
    else
      pages.push({
        entry: item.entry.entry,
        index: item.entry.entryIndex,
        bytes: (await item.read()).length,
      });
  }
  return { pages, problems };
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'scrutineer-walk-'));
  store = new FolderStore(folder);
  sheet = await squarePage(200, 260, 40, 40);
  const bytes = await zipBytes([
    { name: 'batch-1/0001.png', data: sheet },
    { name: 'zz/x.png', data: sheet },
    { name: 'batch-1/0002.tif', data: Buffer.alloc(4 * 1024 * 1024) },
    { name: 'batch-1/notes.txt', data: Buffer.from('scanner notes') },
    { name: 'batch-1/0003.png', data: sheet },
    { name: 'batch-1/0004.png', data: randomBytes(2 * 1024 * 1024), compress: false },
  ]);
  // Zip writers refuse climbing names, so the bytes are edited as an attacker would.
  const edited = Buffer.from(bytes.toString('latin1').replaceAll('zz/x.png', '../x.png'), 'latin1');
  await store.write('input/images/ballots.zip', edited);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('walking a ballot image archive in a stage', () => {
  it('skips a climbing path, a zip bomb and a non-image with a problem each, and reads the rest', async () => {
    const { pages, problems } = await walk(store, 'input/images/ballots.zip');
    expect(pages).toEqual([
      { entry: 'batch-1/0001.png', index: 0, bytes: sheet.length },
      { entry: 'batch-1/0003.png', index: 4, bytes: sheet.length },
      { entry: 'batch-1/0004.png', index: 5, bytes: 2 * 1024 * 1024 },
    ]);
    expect(problems).toEqual([
      'error unsafe-path ../x.png',
      'error zip-bomb batch-1/0002.tif',
      'warning not-an-image batch-1/notes.txt',
    ]);
  });

  it('reads an archive in remote storage by ranges, fetching only what a batch needs', async () => {
    const reads: { start: number; end: number }[] = [];
    const size = (await stat(store.localPath('input/images/ballots.zip'))).size;
    const { pages } = await walk(
      rangeOnly(store, reads),
      'input/images/ballots.zip',
      (i) => i === 4,
    );
    expect(pages.map((p) => p.entry)).toEqual(['batch-1/0003.png']);
    const fetched = reads.reduce((n, r) => n + (r.end - r.start), 0);
    // The directory and one small entry, not the 2 MB sheet after it nor the whole archive.
    expect(size).toBeGreaterThan(2 * 1024 * 1024);
    expect(fetched).toBeLessThan(512 * 1024);
  });

  it('walks a directory of thousands of entries in a few requests, not one per record', async () => {
    const count = 3000;
    const many = await zipBytes(
      Array.from({ length: count }, (_, i) => ({
        name: `batch-${Math.floor(i / 100)}/${String(i).padStart(6, '0')}.png`,
        data: sheet,
      })),
    );
    await store.write('input/images/many.zip', many);
    const reads: { start: number; end: number }[] = [];
    const { pages } = await walk(
      rangeOnly(store, reads),
      'input/images/many.zip',
      (i) => i === 1500 || i === 2999,
    );
    expect(pages.map((p) => p.entry)).toEqual(['batch-15/001500.png', 'batch-29/002999.png']);
    expect(pages.every((p) => p.bytes === sheet.length)).toBe(true);
    // Each record read alone would be 6,000 requests; the directory comes in blocks.
    expect(reads.length).toBeLessThan(40);
  });

  it('fetches a batch of neighbouring entries with one request, each byte once', async () => {
    const images = Array.from({ length: 400 }, (_, i) => ({
      name: `batch-${Math.floor(i / 100)}/${String(i).padStart(6, '0')}.png`,
      data: randomBytes(20 * 1024 + i),
      compress: false,
    }));
    const bytes = await zipBytes(images);
    await store.write('input/images/large.zip', bytes);
    const directory = bytes.readUInt32LE(bytes.lastIndexOf(END_RECORD) + 16);
    const walkBatch = async (want: (i: number) => boolean) => {
      const reads: { start: number; end: number }[] = [];
      const read: { index: number; same: boolean }[] = [];
      for await (const item of walkImageEntries(
        rangeOnly(store, reads),
        'input/images/large.zip',
        want,
      ))
        if (item.type === 'entry')
          read.push({
            index: item.entry.entryIndex,
            same: (await item.read()).equals(
              images[item.entry.entryIndex]?.data ?? Buffer.alloc(0),
            ),
          });
      return { reads, read };
    };

    const batch = await walkBatch((i) => i >= 100 && i < 200);
    expect(batch.read.map((r) => r.index)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
    expect(batch.read.every((r) => r.same)).toBe(true);
    // Two per entry before (its header's block and its packed bytes): now one for all 100.
    expect(batch.reads.filter((r) => r.end <= directory)).toHaveLength(1);
    expect(batch.reads.length).toBeLessThanOrEqual(3);
    const sorted = [...batch.reads].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i += 1)
      expect(sorted[i]?.start).toBeGreaterThanOrEqual(sorted[i - 1]?.end ?? 0);

    // Entries apart are fetched apart; neighbours together.
    const apart = await walkBatch((i) => i === 10 || i === 11 || i === 300);
    expect(apart.read).toEqual([
      { index: 10, same: true },
      { index: 11, same: true },
      { index: 300, same: true },
    ]);
    expect(apart.reads.filter((r) => r.end <= directory)).toHaveLength(2);
  });
});
