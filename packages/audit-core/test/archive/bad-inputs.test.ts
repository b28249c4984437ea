import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeBilevelTiff,
  makeElection,
  openCvrFile,
  StylePrinter,
  type ArchiveItem,
  type ArchiveProblem,
} from '../../src/index.js';
import { collect, squarePage, tempFile, writeZipFile, zipBytes } from './helpers.js';

const problems = (items: ArchiveItem[]): ArchiveProblem[] =>
  items.filter((i): i is ArchiveProblem => i.type === 'problem');
const pageIds = (items: ArchiveItem[]): string[] =>
  items.flatMap((i) => (i.type === 'page' ? [i.id] : []));
const lines = (items: ArchiveItem[]): string[] =>
  problems(items).map((p) => `${p.severity} ${p.code}: ${p.message}`);

describe('bad ballot image archives', () => {
  let sheet: Buffer;
  let tiff: Buffer;

  beforeAll(async () => {
    sheet = await squarePage(200, 300, 40, 50);
    const election = makeElection({ seed: 'bad-inputs' });
    const printer = new StylePrinter(election, 100);
    const style = election.styles[0]?.id as string;
    tiff = await encodeBilevelTiff((await printer.style(style)).blank);
  });

  it('names a corrupt image and reads the entries after it', async () => {
    const cut = tiff.subarray(0, Math.floor(tiff.length / 3));
    const path = await writeZipFile([
      { name: 'batch-1/0001.png', data: sheet },
      { name: 'batch-1/0002.tif', data: cut },
      { name: 'batch-1/0003.jpg', data: Buffer.from('this is no JPEG at all') },
      { name: 'batch-1/0004.tif', data: Buffer.from('II*\0garbage after a TIFF signature') },
      { name: 'batch-1/0005.png', data: sheet },
    ]);
    const items = await collect(path);
    expect(pageIds(items)).toEqual(['batch-1/0001.png', 'batch-1/0005.png']);
    const found = problems(items);
    expect(found.map((p) => [p.code, p.severity, p.entry, p.entryIndex])).toEqual([
      ['corrupt-image', 'error', 'batch-1/0002.tif', 1],
      ['corrupt-image', 'error', 'batch-1/0003.jpg', 2],
      ['corrupt-image', 'error', 'batch-1/0004.tif', 3],
    ]);
    expect(found[0]?.message).toMatch(/^ballots\.zip: batch-1\/0002\.tif( page 1)?: cannot /);
    expect(found[1]?.message).toBe(
      'ballots.zip: batch-1/0003.jpg: is not a TIFF, PNG, JPEG or PDF image: it starts with bytes 7468697320697320',
    );
    expect(found[2]?.message).toMatch(
      /^ballots\.zip: batch-1\/0004\.tif: cannot read the TIFF image: /,
    );
  });

  it('ends a truncated archive with one fatal line and no pages', async () => {
    const whole = await zipBytes([
      { name: 'batch-1/0001.tif', data: tiff, compress: false },
      { name: 'batch-1/0002.tif', data: tiff, compress: false },
    ]);
    const path = await tempFile('cut.zip', whole.subarray(0, Math.floor(whole.length * 0.6)));
    const items = await collect(path);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'problem',
      code: 'unreadable-archive',
      severity: 'fatal',
    });
    expect(lines(items)[0]).toMatch(
      /^fatal unreadable-archive: cut\.zip: cannot open the archive: End of central directory record signature not found\. Either not a zip file, or file is truncated$/,
    );
  });

  it('refuses entries whose paths climb out of the archive, and reads the rest', async () => {
    const bytes = await zipBytes([
      { name: 'zz/x.png', data: sheet },
      { name: 'batch/ok.png', data: sheet },
      { name: 'yy/y.png', data: sheet },
    ]);
    // Zip writers refuse such names, so the bytes are edited as an attacker would.
    const edited = Buffer.from(
      bytes
        .toString('latin1')
        .replaceAll('zz/x.png', '../x.png')
        .replaceAll('yy/y.png', '/y/y.png'),
      'latin1',
    );
    const items = await collect(await tempFile('climb.zip', edited));
    expect(pageIds(items)).toEqual(['batch/ok.png']);
    expect(lines(items)).toEqual([
      'error unsafe-path: climb.zip: ../x.png: unsafe path in the archive (invalid relative path: ../x.png); skipped',
      'error unsafe-path: climb.zip: /y/y.png: unsafe path in the archive (absolute path: /y/y.png); skipped',
    ]);
  });

  it('skips an entry that packs too well, as a zip bomb does, and reads the rest', async () => {
    const path = await writeZipFile([
      { name: 'batch-1/0001.png', data: sheet },
      { name: 'batch-1/0002.tif', data: Buffer.alloc(64 * 1024 * 1024) },
      { name: 'batch-1/0003.png', data: sheet },
    ]);
    // The skipped entry still counts toward the archive's total; this small archive is allowed
    // a larger total so that only the entry's own ratio is tested.
    const items = await collect(path, { limits: { maxTotalRatio: 10_000 } });
    expect(pageIds(items)).toEqual(['batch-1/0001.png', 'batch-1/0003.png']);
    expect(problems(items)).toHaveLength(1);
    expect(lines(items)[0]).toMatch(
      /^error zip-bomb: ballots\.zip: batch-1\/0002\.tif: unpacks \d+ times larger than it is packed \(at most 200 allowed\); skipped as a possible zip bomb$/,
    );
  });

  it('skips an entry larger than the limit for one entry', async () => {
    const path = await writeZipFile([{ name: 'big.tif', data: tiff, compress: false }]);
    const items = await collect(path, { limits: { maxEntryBytes: 1000 } });
    expect(lines(items)).toEqual([
      `error zip-bomb: ballots.zip: big.tif: unpacks to ${(tiff.length / 1024 / 1024).toFixed(1)} MiB, more than the 0.0 MiB allowed for one entry; skipped`,
    ]);
  });

  it('counts refused entries toward the archive total, which ends a run of them', async () => {
    // One packed stream of 64 MiB of zeros, claimed again and again: each entry is refused
    // for its ratio, and their sum passes 200 times the archive's size.
    const entries = Array.from({ length: 40 }, (_, i) => ({
      name: `b${i}.tif`,
      data: Buffer.alloc(8 * 1024 * 1024),
    }));
    const path = await writeZipFile(entries);
    const items = await collect(path);
    const fatal = items.at(-1) as ArchiveProblem;
    expect(fatal).toMatchObject({ severity: 'fatal', code: 'zip-bomb' });
    expect(problems(items).length).toBeLessThan(entries.length);
  });

  it('stops cleanly when all entries together unpack far past the archive size', async () => {
    // Each entry alone is small enough to pass; together they are 200 times the archive.
    const entries = Array.from({ length: 60 }, (_, i) => ({
      name: `filler/${String(i).padStart(2, '0')}.bin`,
      data: Buffer.alloc(1_000_000),
    }));
    const path = await writeZipFile(entries);
    const items = await collect(path);
    const fatal = items.at(-1) as ArchiveProblem;
    expect(fatal).toMatchObject({ type: 'problem', code: 'zip-bomb', severity: 'fatal' });
    expect(fatal.message).toMatch(
      /^ballots\.zip: stopped at entry \d+ \(filler\/\d\d\.bin\): the entries unpack to more than [\d.]+ MiB \(200 times the archive's size, at most 4194304\.0 MiB\); the archive looks like a zip bomb$/,
    );
    // Entries before the limit were looked at (and are not images); none after it.
    const before = problems(items).slice(0, -1);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((p) => p.code === 'not-an-image')).toBe(true);
    expect(before.length).toBeLessThan(60);
    // A batch that starts after the limit reaches the same verdict.
    const late = await collect(path, { from: 55 });
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ code: 'zip-bomb', severity: 'fatal' });
  });

  it('refuses an entry that unpacks past what its directory record says', async () => {
    const bytes = await zipBytes([
      { name: 'liar.tif', data: Buffer.alloc(2_000_000) },
      { name: 'ok.png', data: sheet },
    ]);
    // The central directory claims 1,000 bytes unpacked for the first entry.
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(1000, central + 24);
    const items = await collect(await tempFile('liar.zip', bytes));
    expect(pageIds(items)).toEqual(['ok.png']);
    expect(lines(items)).toEqual([
      expect.stringMatching(
        /^error unreadable-entry: liar\.zip: liar\.tif: cannot unpack the entry: too many bytes in the stream\. expected 1000\. got at least \d+$/,
      ),
    ]);
  });

  it('says a file that is not a zip at all cannot be opened', async () => {
    const items = await collect(await tempFile('scan.tif', tiff));
    expect(lines(items)).toEqual([
      expect.stringMatching(/^fatal unreadable-archive: scan\.tif: cannot open the archive/),
    ]);
  });
});

describe('bad vote record files', () => {
  it('names an unknown CVR layout by its first row', async () => {
    const dir = join(await tempFile('x', Buffer.alloc(0)), '..');
    const path = join(dir, 'export.csv');
    await writeFile(path, 'Ballot,Mayor\n1,Alice\n');
    expect(await openCvrFile(path)).toEqual({
      problem: expect.objectContaining({
        code: 'unknown-layout',
        file: 'export.csv',
        row: 1,
        message: expect.stringContaining('export.csv: unknown CVR layout') as unknown,
      }) as unknown,
    });
  });

  it('names an unsafe path inside a vote record zip', async () => {
    const bytes = await zipBytes([
      { name: 'CvrExport_0.json', data: Buffer.from('{"Sessions":[]}') },
      { name: 'zz/Contest.json', data: Buffer.from('{}') },
    ]);
    const edited = Buffer.from(
      bytes.toString('latin1').replaceAll('zz/Contest.json', '../Contest.json'),
      'latin1',
    );
    const result = await openCvrFile(await tempFile('cvr.zip', edited));
    expect(result).toEqual({
      problem: {
        code: 'malformed-header',
        severity: 'error',
        file: 'cvr.zip',
        message: 'cvr.zip: invalid relative path: ../Contest.json',
      },
    });
  });
});
