import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { FolderStore, logKey, PATHS, readCsvAll, runStage, stageNamed } from '../../src/index.js';
import { MAX_SKIP_LINES } from '../../src/stages/images.js';
import { squarePage, zipBytes } from '../archive/helpers.js';
import { testTempDir } from '../temp-dir.js';

/**
 * A zip whose `count` directory entries all point at one packed stream, each claiming to unpack
 * to `unpacked` bytes: the overlapping-entry bomb. Written by hand, as no zip writer makes one.
 */
function overlappingZip(count: number, unpacked: number): Buffer {
  const packed = deflateRawSync(Buffer.alloc(unpacked));
  const local = Buffer.alloc(30 + 1);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(unpacked, 22);
  local.writeUInt16LE(1, 26);
  local.write('a', 30);
  const records: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = Buffer.from(`b${String(i).padStart(5, '0')}.tif`);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(packed.length, 20);
    record.writeUInt32LE(unpacked, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(0, 42);
    records.push(record, name);
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + packed.length, 16);
  return Buffer.concat([local, packed, directory, end]);
}

/** Rewrites the directory's unpacked size of the first entry: it understates the entry. */
function understateFirstEntry(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt32LE(size, at + 24);
  return out;
}

describe('precheck over hostile archives', () => {
  it('skips an entry whose directory understates it and reads on; bounds an overlapping-entry bomb', async () => {
    const store = new FolderStore(await testTempDir('scrutineer-precheck-'));
    const sheet = await squarePage(200, 260, 40, 40);
    const pair = await zipBytes([
      { name: 'batch-1/0001.png', data: sheet },
      { name: 'batch-1/0002.png', data: sheet },
    ]);
    await store.write('input/images/a-understated.zip', understateFirstEntry(pair, 100));
    await store.write('input/images/b-overlap.zip', overlappingZip(20_000, 2 * 1024 * 1024));
    await store.write('input/images/c-good.zip', pair);

    const result = await runStage(stageNamed('precheck')!, store);
    expect(result.status, result.error).toBe('SUCCESS');
    const rows = await readCsvAll(store, PATHS.precheckInputs);
    const row = (name: string) => rows.find((r) => r.key === `input/images/${name}`);
    expect(row('a-understated.zip')).toMatchObject({ images: '1', problems: '1' });
    expect(row('c-good.zip')).toMatchObject({ images: '2', problems: '0' });

    const unreadable = result.problems.filter((p) => p.code === 'unreadable-entry');
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatchObject({ severity: 'error', place: 'batch-1/0001.png' });

    // The bomb ends at the archive-level limit, its skipped entries counted toward it.
    const bomb = result.problems.filter((p) => p.file === 'input/images/b-overlap.zip');
    expect(bomb.at(-1)).toMatchObject({ severity: 'fatal', code: 'zip-bomb' });
    expect(bomb.length).toBeLessThanOrEqual(MAX_SKIP_LINES + 2);
    expect(Number(row('b-overlap.zip')?.images)).toBe(0);
    const log = await readFile(store.localPath(logKey('precheck')), 'utf8');
    expect(log.split('\n').length).toBeLessThan(MAX_SKIP_LINES + 50);
  });

  it('lists the first skipped entries one by one and the rest as one count', async () => {
    const store = new FolderStore(await testTempDir('scrutineer-precheck-'));
    const sheet = await squarePage(200, 260, 40, 40);
    const notes = Array.from({ length: MAX_SKIP_LINES + 40 }, (_, i) => ({
      name: `notes/${i}.txt`,
      data: Buffer.from(`note ${i}`),
    }));
    await store.write(
      'input/images/ballots.zip',
      await zipBytes([{ name: '0001.png', data: sheet }, ...notes]),
    );
    const result = await runStage(stageNamed('precheck')!, store);
    expect(result.status, result.error).toBe('SUCCESS');
    const codes = result.problems.map((p) => p.code);
    expect(codes.filter((code) => code === 'not-an-image')).toHaveLength(MAX_SKIP_LINES);
    const summary = result.problems.find((p) => p.code === 'entries-skipped');
    expect(summary?.message).toContain('40 more entries were skipped');
  });
});
