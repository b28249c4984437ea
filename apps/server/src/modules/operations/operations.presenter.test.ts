import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalStore, type OpenLocalStore } from '../../test/blob-stores.js';
import type { BlobStore } from '../../platform/storage/index.js';
import type { OperationRow } from './operations.repository.js';
import { presentOperation } from './operations.presenter.js';
import { BlobJobStore } from './pipeline-store.js';

let opened: OpenLocalStore;
beforeAll(async () => {
  opened = await openLocalStore();
});
afterAll(async () => opened.close());

function counting(inner: BlobStore) {
  let asked = 0;
  const store: BlobStore = {
    ...inner,
    head: (key) => ((asked += 1), inner.head(key)),
    listSized: (prefix) => ((asked += 1), inner.listSized(prefix)),
  };
  return { store, asked: () => asked };
}

const row = (over: Partial<OperationRow>): OperationRow => ({
  id: 1,
  jobId: 1,
  operation: 'extractvote',
  position: 4,
  status: 'RUNNING',
  percent: 10,
  result: '',
  operationId: '5b0e5a52-2a43-4a8f-9a4c-2f7f3f1d6a11',
  groupId: '',
  clearResults: false,
  batchesTotal: 4,
  batchesDone: 1,
  joinClaimed: false,
  startedBy: null,
  startedAt: new Date(),
  finishedAt: null,
  updatedAt: new Date(),
  ...over,
});

describe('a running stage polled again and again', () => {
  it('asks the store about its reports and logs once per batch done, and afresh once it ended', async () => {
    const { store: blobs, asked } = counting(opened.store);
    const store = new BlobJobStore(blobs, 'jobs/p1/pipeline');
    const ctx = { canRun: true, secret: 'x'.repeat(32), store };
    await store.write('logs/operation-logs/extractvote/batches/00001.txt', 'batch 1\n');
    const texts = async (over: Partial<OperationRow>) =>
      (await presentOperation(row(over), ctx)).reports.map((r) => r.text);

    expect(await texts({})).toEqual(['Log of batch 1 (text)']);
    const once = asked();
    expect(once).toBeGreaterThan(0);
    expect(await texts({})).toEqual(['Log of batch 1 (text)']);
    expect(asked()).toBe(once);

    await store.write('logs/operation-logs/extractvote/batches/00002.txt', 'batch 2\n');
    expect(await texts({ batchesDone: 2 })).toEqual([
      'Log of batch 1 (text)',
      'Log of batch 2 (text)',
    ]);
    expect(asked()).toBe(2 * once);

    await store.write('extractvote/sheets.csv', 'sheet_id\n');
    await store.write('logs/operation-logs/extractvote/log.txt', 'joined\n');
    expect(await texts({ status: 'SUCCESS', batchesDone: 4, percent: 100 })).toEqual([
      'Sheets (CSV)',
    ]);
  });
});
