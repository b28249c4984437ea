import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderStore } from '../../src/index.js';
import { readText, type JobStore } from '../../src/storage/index.js';
import {
  joinBatchLogs,
  joinCsvParts,
  logKey,
  problemsKey,
  readCsvAll,
  StageContext,
  writeCsv,
} from '../../src/stages/context.js';

let folder: string;
let store: FolderStore;
const columns = ['sheet_id', 'note', 'score'];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'scrutineer-join-'));
  store = new FolderStore(folder);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('joining the CSV parts batches wrote', () => {
  it('gives what reading and writing every row gives, parts in order, a missing one adding nothing', async () => {
    await writeCsv(store, 'parts/1.csv', columns, [
      { sheet_id: '1-1-1', note: 'plain', score: 0.5 },
      { sheet_id: '1-1-2', note: 'a "quoted", comma', score: 1 },
    ]);
    await writeCsv(store, 'parts/2.csv', columns, []);
    await writeCsv(store, 'parts/4.csv', columns, [
      { sheet_id: '1-2-1', note: 'two\nlines', score: 0.25 },
    ]);
    // A part from a writer with its columns in another order is read row by row.
    await writeCsv(
      store,
      'parts/5.csv',
      ['score', 'sheet_id', 'note'],
      [{ sheet_id: '1-3-1', note: 'other order', score: 2 }],
    );
    const parts = ['parts/1.csv', 'parts/2.csv', 'parts/3.csv', 'parts/4.csv', 'parts/5.csv'];
    await joinCsvParts(store, 'joined.csv', columns, parts);

    async function* everyRow() {
      for (const part of parts) yield* await readCsvAll(store, part);
    }
    await writeCsv(store, 'slow.csv', columns, everyRow());
    const joined = await readText(store, 'joined.csv');
    expect(joined).toBe(await readText(store, 'slow.csv'));
    expect((await readCsvAll(store, 'joined.csv')).map((r) => r.sheet_id)).toEqual([
      '1-1-1',
      '1-1-2',
      '1-2-1',
      '1-3-1',
    ]);
    expect((await readCsvAll(store, 'joined.csv'))[2]?.note).toBe('two\nlines');
  });
});

/** The folder store, counting what a join asks of it (a blob store answers each by a request). */
function counting(inner: JobStore) {
  const asked = { read: [] as string[], list: 0, exists: 0 };
  const store: JobStore = {
    read: (key) => {
      asked.read.push(key);
      return inner.read(key);
    },
    write: (key, body) => inner.write(key, body),
    list: (prefix) => {
      asked.list += 1;
      return inner.list(prefix);
    },
    exists: (key) => {
      asked.exists += 1;
      return inner.exists(key);
    },
    remove: (prefix) => inner.remove(prefix),
  };
  return { store, asked };
}

describe('joining many batches', () => {
  it('joins 30 batches in order from one listing, reading each part once and no missing one', async () => {
    const count = 30;
    const missing = new Set([6, 17]);
    for (let index = 0; index < count; index += 1) {
      if (missing.has(index)) continue;
      await writeCsv(store, `many/part-${String(index + 1).padStart(5, '0')}.csv`, columns, [
        { sheet_id: `s-${index}`, note: `batch ${index + 1}`, score: index },
      ]);
    }
    const parts = Array.from(
      { length: count },
      (_, index) => `many/part-${String(index + 1).padStart(5, '0')}.csv`,
    );
    const { store: watched, asked } = counting(store);
    await joinCsvParts(watched, 'many.csv', columns, parts);
    const expected = parts.filter((_, index) => !missing.has(index));
    expect((await readCsvAll(store, 'many.csv')).map((r) => r.sheet_id)).toEqual(
      Array.from({ length: count }, (_, index) => index)
        .filter((index) => !missing.has(index))
        .map((index) => `s-${index}`),
    );
    expect(asked).toEqual({ read: expected, list: 1, exists: 0 });
  });

  it("joins batches' logs and problems in batch order, a batch that wrote none adding nothing", async () => {
    const count = 12;
    for (let index = 0; index < count; index += 1) {
      if (index === 3) continue;
      const ctx = new StageContext(
        'extractvote',
        store,
        { now: () => new Date(index * 1000) },
        {
          index,
          count,
        },
      );
      ctx.info(`batch ${index + 1} read`);
      if (index % 5 === 0)
        ctx.problem({ severity: 'warning', code: 'faint', file: `b${index + 1}`, message: 'x' });
      await ctx.flush();
    }
    const problems = await joinBatchLogs(store, 'extractvote', count);
    expect(problems.map((p) => p.file)).toEqual(['b1', 'b6', 'b11']);
    const log = await readText(store, logKey('extractvote'));
    expect(
      log
        .trim()
        .split('\n')
        .map((line) => line.split(' ').slice(2).join(' ')),
    ).toEqual(
      Array.from({ length: count }, (_, index) => index)
        .filter((index) => index !== 3)
        .flatMap((index) => [
          `batch ${index + 1} read`,
          ...(index % 5 === 0 ? [`faint: b${index + 1}: x`] : []),
        ]),
    );
    expect((await readCsvAll(store, problemsKey('extractvote'))).map((p) => p.file)).toEqual([
      'b1',
      'b6',
      'b11',
    ]);
  });
});
