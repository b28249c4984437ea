import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderStore } from '../../src/index.js';
import { readText } from '../../src/storage/index.js';
import { joinCsvParts, readCsvAll, writeCsv } from '../../src/stages/context.js';

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
