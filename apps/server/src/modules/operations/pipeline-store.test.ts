import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvAll, writeCsv } from '@scrutineer/audit-core';
import { openS3Store, type OpenStore } from '../../test/blob-stores.js';
import type { BlobStore } from '../../platform/storage/index.js';
import { BlobJobStore, RunReads } from './pipeline-store.js';

let opened: OpenStore;
beforeAll(async () => {
  opened = await openS3Store();
});
afterAll(async () => opened.close());

/** The S3 store, counting the requests asked of it by kind. */
function counting(inner: BlobStore) {
  const counts = new Map<string, number>();
  const count = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);
  /** The requests so far by kind; `reset` starts the count again. */
  const asked = () => Object.fromEntries(counts);
  const reset = () => counts.clear();
  const store: BlobStore = {
    ...inner,
    head: (key) => (count('head'), inner.head(key)),
    read: (key, range) => (count(range ? 'range' : 'read'), inner.read(key, range)),
    put: (key, body) => (count('put'), inner.put(key, body)),
    listSized: (prefix) => (count('list'), inner.listSized(prefix)),
    list: (prefix) => (count('list'), inner.list(prefix)),
    delete: (key) => (count('delete'), inner.delete(key)),
    deleteMany: (keys) => (count('deleteMany'), inner.deleteMany(keys)),
  };
  return { store, asked, reset };
}

async function keysOf(store: BlobJobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

const text = async (store: BlobJobStore, key: string) => (await store.readText(key)) ?? 'missing';

describe("a run's batches sharing what cannot change while it runs", () => {
  it('ask the store once about earlier stages and uploaded inputs, and each time about their own outputs', async () => {
    const { store: blobs, asked, reset } = counting(opened.store);
    await blobs.put('uploads/cvr-1', Buffer.from('record,1\n'));
    const plain = new BlobJobStore(
      blobs,
      'jobs/j1/pipeline',
      new Map([['input/cvr/a.csv', 'uploads/cvr-1']]),
    );
    await writeCsv(plain, 'gen_bif/bif.csv', ['sheet_id'], [{ sheet_id: '1-1-1' }]);
    await plain.write('extractvote/batches/part-00001.csv', 'first');
    const fixed = (key: string) => key === 'input/cvr/a.csv' || key.startsWith('gen_bif/');
    const kept = new RunReads(fixed);
    const batch = async () => {
      const store = plain.keeping(kept);
      return [
        await readCsvAll(store, 'gen_bif/bif.csv'),
        await text(store, 'gen_bif/missing.csv'),
        await text(store, 'input/cvr/a.csv'),
        await text(store, 'extractvote/batches/part-00001.csv'),
        await keysOf(store, 'gen_bif/'),
      ];
    };
    reset();
    const first = await batch();
    expect(first).toEqual([
      [{ sheet_id: '1-1-1' }],
      'missing',
      'record,1\n',
      'first',
      ['gen_bif/bif.csv'],
    ]);
    expect(asked()).toEqual({ head: 4, read: 3, list: 1 });
    // The batch's own outputs are what the store holds now; the rest comes from memory.
    await plain.write('extractvote/batches/part-00001.csv', 'second');
    const second = await batch();
    expect(second).toEqual([...first.slice(0, 3), 'second', first[4]]);
    expect(asked()).toEqual({ head: 5, read: 4, list: 1, put: 1 });
  });

  it('reads an object larger than the limit from the store each time', async () => {
    const { store: blobs, asked, reset } = counting(opened.store);
    const plain = new BlobJobStore(blobs, 'jobs/j2/pipeline');
    await plain.write('gentemplates/a/template.png', Buffer.alloc(3000, 7));
    const kept = new RunReads((key) => key.startsWith('gentemplates/'), 2000);
    reset();
    for (let i = 0; i < 3; i += 1)
      expect((await plain.keeping(kept).readText('gentemplates/a/template.png'))?.length).toBe(
        3000,
      );
    expect(asked()).toEqual({ head: 1, read: 3 });
  });

  it('clears a folder with one delete request per thousand objects', async () => {
    const { store: blobs, asked, reset } = counting(opened.store);
    const plain = new BlobJobStore(blobs, 'jobs/j3/pipeline');
    for (let i = 0; i < 5; i += 1) await plain.write(`extractvote/batches/p-${i}.csv`, 'x');
    await plain.write('gen_bif/bif.csv', 'kept');
    reset();
    await plain.remove('extractvote/');
    expect(asked()).toEqual({ list: 1, deleteMany: 1 });
    expect(await keysOf(plain, 'extractvote/')).toEqual([]);
    expect(await plain.readText('gen_bif/bif.csv')).toBe('kept');
  });
});
