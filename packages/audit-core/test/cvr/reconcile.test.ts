import { describe, expect, it } from 'vitest';
import {
  BatchTally,
  bufferSource,
  findRecordGaps,
  openDominionCsv,
  readBallotManifest,
  reconcileWithManifest,
} from '../../src/cvr/index.js';
import { realCvr } from './fixtures.js';

async function tallyOf(path: string): Promise<BatchTally> {
  const reader = await openDominionCsv(realCvr(path));
  const tally = new BatchTally();
  for await (const ballot of reader.ballots) tally.add(ballot);
  return tally;
}

describe('ballot manifest reconciliation', () => {
  it('matches the Arapahoe manifest: 5 batches, 165 ballots', async () => {
    const manifest = await readBallotManifest(
      realCvr('dominion_csv/arapahoe_2016_ballot_manifest.csv'),
    );
    expect(manifest.problems).toEqual([]);
    expect(manifest.batches).toHaveLength(5);
    expect(manifest.batches.reduce((n, batch) => n + batch.count, 0)).toBe(165);
    expect(manifest.batches[0]).toEqual({
      county: 'Arapahoe',
      container: '',
      scanner: '10',
      batch: '2',
      count: 25,
      location: 'Bin 22',
      row: 2,
    });
    const tally = await tallyOf('dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv');
    expect(tally.total).toBe(165);
    expect(reconcileWithManifest(tally, manifest)).toEqual([]);
  });

  it('counts a duplicated CVR line once against the manifest', async () => {
    const tally = await tallyOf('dominion_csv/INVALID_duplicate_line_CVR_Export.csv');
    expect(tally.total).toBe(165);
  });

  it('finds the record Arlo left out of tabulator 2 batch 2', async () => {
    const tally = await tallyOf('dominion_csv/arlo_dominion_test_cvrs.csv');
    expect(findRecordGaps(tally, 'arlo.csv').map((p) => [p.severity, p.message])).toEqual([
      ['warning', 'tabulator TABULATOR2 batch BATCH2: record 3 missing between 2 and 4'],
    ]);
  });

  it('reports malformed and repeated manifest rows and every mismatch by row', async () => {
    const manifest = await readBallotManifest(
      bufferSource(
        'manifest.csv',
        [
          'CountyID,ScannerID,BatchID,NumBallots,StorageLocation',
          'X,1,BATCH1,3,Bin 1',
          'X,1,BATCH1,3,Bin 1',
          'X,1,BATCH2,many,Bin 2',
          'X,2,BATCH9,4,Bin 3',
          'X,TABULATOR1,BATCH1,2,Bin 4',
        ].join('\n'),
      ),
    );
    expect(manifest.problems.map((p) => [p.code, p.row])).toEqual([
      ['manifest-duplicate-batch', 3],
      ['manifest-malformed-row', 4],
    ]);
    const tally = await tallyOf('dominion_csv/arlo_dominion_test_cvrs.csv');
    const problems = reconcileWithManifest(tally, manifest);
    expect(problems.map((p) => [p.code, p.row])).toEqual([
      ['batch-not-in-cvr', 2],
      ['batch-not-in-cvr', 5],
      ['batch-count-mismatch', 6],
      ['batch-not-in-manifest', undefined],
      ['batch-not-in-manifest', undefined],
      ['batch-not-in-manifest', undefined],
    ]);
    expect(problems[2]?.message).toBe(
      'manifest.csv row 6: tabulator TABULATOR1 batch BATCH1: manifest 2 ballots, CVR 3',
    );
  });
});
