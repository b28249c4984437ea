import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bufferSource, openDominionCsv, type CvrSource } from '../../src/cvr/index.js';
import { BATCH_BYTES } from '../../src/cvr/dominion-csv-bytes.js';
import { numberText } from '../../src/cvr/dominion-csv-cell-texts.js';
import { collect, realCvr, realCvrPath } from './fixtures.js';

const CSV = 'dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv';

describe('Dominion CSV read in large pieces', () => {
  it('asks a file for 256 KiB pieces and still gives a batch per 64 KiB of the file', async () => {
    const file = realCvr(CSV);
    const asked: (number | undefined)[] = [];
    const source: CvrSource = {
      name: file.name,
      open: (readBytes?: number) => {
        asked.push(readBytes);
        return file.open(readBytes);
      },
    };
    const reader = await openDominionCsv(source);
    const batches = await collect(reader.batches);
    expect(asked).toEqual([256 * 1024]);
    // The 138 kB sample comes in one piece; its records start in three stretches of 64 KiB.
    expect(BATCH_BYTES).toBe(64 * 1024);
    expect(batches).toHaveLength(3);
    expect(batches.flat()).toHaveLength(165);
  });

  it('gives the same batches whatever the size of the pieces the bytes come in', async () => {
    const bytes = await readFile(realCvrPath(CSV));
    const name = basename(CSV);
    const inPieces = (size: number): CvrSource => ({
      name,
      open: () => {
        const pieces: Buffer[] = [];
        for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
        return Readable.from(pieces);
      },
    });
    const whole = await openDominionCsv(bufferSource(name, bytes));
    const wholeBatches = await collect(whole.batches);
    expect(wholeBatches).toHaveLength(3);
    for (const size of [1000, 4096, 65_536, 100_000]) {
      const reader = await openDominionCsv(inPieces(size));
      const batches = await collect(reader.batches);
      expect(batches.map((batch) => batch.length)).toEqual(wholeBatches.map((b) => b.length));
      expect(batches).toEqual(wholeBatches);
      expect(reader.problems).toEqual(whole.problems);
    }
  });

  it('writes record and CVR numbers as String does, from its tables', () => {
    const edges = [0, 9, 10, 99, 999, 1000, 9999, 10_000, 10_001, 10_042, 65_535, 65_536, 99_999];
    const more = [100_000, 1_000_000, 1_234_567, 9_999_999, 10_000_000, 123_456_789, 999_999_999];
    for (const n of [...edges, ...more]) expect(numberText(n)).toBe(String(n));
    for (let n = 0; n < 2_000_000; n += 997) expect(numberText(n)).toBe(String(n));
  });
});
