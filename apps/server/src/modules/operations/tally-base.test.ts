import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, writeCsv } from '@scrutineer/audit-core';
import { openLocalStore, type OpenLocalStore } from '../../test/blob-stores.js';
import { contestNames } from './contest-names.js';
import { BlobJobStore } from './pipeline-store.js';
import { buildTallyBase, positionOf, rankOf, tallyBase } from './tally-base.js';

let open: OpenLocalStore;
const prefix = 'jobs/tally-test/pipeline';
const columns = ['sheet_id', 'contest_id', 'class', 'image_votes', 'cvr_votes'];

const writeContests = (rows: Record<string, string>[]) =>
  writeCsv(new BlobJobStore(open.store, prefix), PATHS.contestClasses, columns, rows);

beforeAll(async () => {
  open = await openLocalStore();
});
afterAll(async () => open.close());

describe('the tally read from cmpcvr', () => {
  it('reads cmpcvr once per version of its output and again after a rerun writes a new one', async () => {
    let builds = 0;
    const counting = (store: BlobJobStore) => {
      builds += 1;
      return buildTallyBase(store);
    };
    await writeContests([
      { sheet_id: 'B2-1', contest_id: 'C1', image_votes: 'C1-1', cvr_votes: 'C1-1' },
      { sheet_id: 'B1-7', contest_id: 'C1', image_votes: 'C1-2', cvr_votes: 'C1-1' },
      { sheet_id: 'B1-7', contest_id: 'C2', image_votes: 'overvote;C2-1;C2-2', cvr_votes: '' },
      { sheet_id: 'B1-3', contest_id: 'C1', image_votes: 'C1-1', cvr_votes: 'C1-1' },
    ]);
    const first = await tallyBase(open.store, prefix, counting);
    const again = await tallyBase(open.store, prefix, counting);
    expect(builds).toBe(1);
    expect(again).toBe(first);
    expect(first?.sheets).toEqual(['B1-3', 'B1-7', 'B2-1']);
    const c1 = first?.contests.get('C1');
    expect(Object.fromEntries(c1?.counts ?? [])).toEqual({
      'C1-1': { cvr: 3, image: 2 },
      'C1-2': { cvr: 0, image: 1 },
    });
    // An overvote counts for nobody.
    expect(first?.contests.get('C2')?.counts.size).toBe(0);
    // Each contest's column is in sheet order, and a sheet is found by its id.
    expect([...(c1?.rank ?? [])]).toEqual([0, 1, 2]);
    const at = c1 ? positionOf(c1, rankOf(first?.sheets ?? [], 'B1-7')) : -1;
    expect(c1?.readings[c1.image[at] ?? 0]).toBe('C1-2');
    expect(rankOf(first?.sheets ?? [], 'B9-9')).toBe(-1);

    // The same bytes written again are the same output: nothing to read.
    await writeContests([
      { sheet_id: 'B2-1', contest_id: 'C1', image_votes: 'C1-1', cvr_votes: 'C1-1' },
      { sheet_id: 'B1-7', contest_id: 'C1', image_votes: 'C1-2', cvr_votes: 'C1-1' },
      { sheet_id: 'B1-7', contest_id: 'C2', image_votes: 'overvote;C2-1;C2-2', cvr_votes: '' },
      { sheet_id: 'B1-3', contest_id: 'C1', image_votes: 'C1-1', cvr_votes: 'C1-1' },
    ]);
    await tallyBase(open.store, prefix, counting);
    expect(builds).toBe(1);

    // A rerun that reads B1-7 differently is read again.
    await writeContests([
      { sheet_id: 'B1-7', contest_id: 'C1', image_votes: 'C1-1', cvr_votes: 'C1-1' },
    ]);
    const rerun = await tallyBase(open.store, prefix, counting);
    expect(builds).toBe(2);
    expect(Object.fromEntries(rerun?.contests.get('C1')?.counts ?? [])).toEqual({
      'C1-1': { cvr: 1, image: 1 },
    });
  });

  it('counts the ballots without a record by their image and the records without an image by theirs', async () => {
    const job = 'jobs/unmatched/pipeline';
    const store = new BlobJobStore(open.store, job);
    await writeCsv(
      store,
      PATHS.sheets,
      ['sheet_id', 'class'],
      [
        { sheet_id: 'B1-1', class: 'Fully Agreed' },
        { sheet_id: 'B1-2', class: 'No CVR' },
        { sheet_id: 'B1-3', class: 'No Image' },
        { sheet_id: 'B1-4', class: 'Unreadable' },
      ],
    );
    await writeCsv(store, PATHS.contestClasses, columns, [
      { sheet_id: 'B1-1', contest_id: 'C1', image_votes: 'C1-1', cvr_votes: 'C1-1' },
    ]);
    await writeCsv(
      store,
      PATHS.votesContests,
      ['sheet_id', 'contest_id', 'votes', 'overvote'],
      [
        { sheet_id: 'B1-1', contest_id: 'C1', votes: 'C1-1', overvote: 'false' },
        { sheet_id: 'B1-2', contest_id: 'C1', votes: 'C1-2', overvote: 'false' },
      ],
    );
    const record = (sheet: string, option: string) =>
      JSON.stringify({
        sheet_id: sheet,
        contests: [{ contestId: 'C1', overvotes: 0, marks: [{ optionId: option, isVote: true }] }],
      });
    await store.write(
      PATHS.cvrBallots,
      [record('B1-1', 'C1-1'), record('B1-3', 'C1-2'), record('B1-4', 'C1-2')].join('\n'),
    );
    const base = await tallyBase(open.store, job);
    expect(base?.sheets).toEqual(['B1-1', 'B1-2', 'B1-3', 'B1-4']);
    expect(Object.fromEntries(base?.contests.get('C1')?.counts ?? [])).toEqual({
      'C1-1': { cvr: 1, image: 1 },
      'C1-2': { cvr: 2, image: 1 },
    });
  });

  it('answers nothing before cmpcvr has run', async () => {
    expect(await tallyBase(open.store, 'jobs/never-run/pipeline')).toBeUndefined();
  });

  it("names contests and options from cmpcvr's names file, and from its totals for older runs", async () => {
    const older = 'jobs/older/pipeline';
    const store = new BlobJobStore(open.store, older);
    await writeCsv(
      store,
      PATHS.contestSummary,
      ['contest_id', 'contest'],
      [{ contest_id: 'C1', contest: 'Governor' }],
    );
    await writeCsv(
      store,
      PATHS.totals,
      ['contest_id', 'option_id', 'option'],
      [{ contest_id: 'C1', option_id: 'C1-1', option: 'A. Lopez' }],
    );
    const fromTotals = await contestNames(open.store, older);
    expect(fromTotals.get('C1')?.name).toBe('Governor');
    expect(fromTotals.get('C1')?.options.get('C1-1')).toBe('A. Lopez');

    await store.write(
      PATHS.contestNames,
      JSON.stringify({
        contests: [
          {
            id: 'C1',
            name: 'Governor',
            voteFor: 1,
            options: [
              { id: 'C1-1', name: 'A. Lopez' },
              { id: 'C1-2', name: 'B. Hale' },
            ],
          },
        ],
      }),
    );
    const named = await contestNames(open.store, older);
    expect([...(named.get('C1')?.options ?? [])]).toEqual([
      ['C1-1', 'A. Lopez'],
      ['C1-2', 'B. Hale'],
    ]);
  });
});
