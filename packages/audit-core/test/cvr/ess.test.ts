import { describe, expect, it } from 'vitest';
import {
  BatchTally,
  bufferSource,
  findRecordGaps,
  openEssCsv,
  openEssXlsx,
} from '../../src/cvr/index.js';
import { collect, realCvr } from './fixtures.js';

describe('openEssCsv', () => {
  it('reads the Arlo sample with names, undervotes and overvotes in cells', async () => {
    const reader = await openEssCsv(realCvr('ess/ess_cvr.csv'));
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(14);
    expect(reader.contests.map((c) => [c.name, c.options.map((o) => o.name)])).toEqual([
      ['Contest 1', ['Choice 1-2', 'Choice 1-1']],
      ['Contest 2', ['Choice 2-1', 'Choice 2-2', 'Choice 2-3']],
    ]);
    expect(ballots[2]?.contests[0]).toMatchObject({ marks: [], undervotes: 1, overvotes: 0 });
    expect(ballots[3]?.contests[0]).toMatchObject({ marks: [], undervotes: 0, overvotes: 1 });
    expect(ballots[0]).toMatchObject({ id: '1', precinct: 'p', style: 'bs', source: { row: 2 } });
    const tally = new BatchTally();
    ballots.forEach((ballot) => tally.add(ballot));
    expect(findRecordGaps(tally, 'ess_cvr.csv').map((p) => p.message)).toEqual([
      'record 14 missing between 13 and 15',
    ]);
  });

  it('joins the companion ballots files: batch, tabulator and record', async () => {
    const ballotsFiles = [realCvr('ess/ess_ballots_1.csv'), realCvr('ess/ess_ballots_2.csv')];
    const reader = await openEssCsv(realCvr('ess/ess_cvr.csv'), { ballots: ballotsFiles });
    const ballots = await collect(reader.ballots);
    expect(reader.problems).toEqual([]);
    expect(ballots.find((b) => b.id === '5')).toMatchObject({
      batch: 'BATCH1',
      tabulator: '2',
      record: '3172',
    });
    expect(ballots.find((b) => b.id === '15')).toMatchObject({ batch: 'BATCH2', record: '175' });
  });

  it('reports CVRs without a ballots entry and entries without a CVR, by row', async () => {
    const cvr = bufferSource(
      'cvr.csv',
      'Cast Vote Record,Precinct,Ballot Style,C\n1,p,s,A\n2,p,s,B\n',
    );
    const ballotsFile = bufferSource(
      'ballots.csv',
      'Ballots\n\nCast Vote Record,Batch,Tabulator CVR\n1,B1,0001000001\n3,B1,0001000003\nTotal : 2\n',
    );
    const reader = await openEssCsv(cvr, { ballots: [ballotsFile] });
    await collect(reader.ballots);
    expect(reader.problems.map((p) => [p.code, p.file, p.row])).toEqual([
      ['missing-ballot-entry', 'cvr.csv', 3],
      ['missing-record', 'ballots.csv', 5],
    ]);
  });

  it('refuses a file without a Cast Vote Record column', async () => {
    await expect(openEssCsv(bufferSource('x.csv', 'a,b\n1,2\n'))).rejects.toThrow(
      /Cast Vote Record/,
    );
  });
});

describe('openEssXlsx', () => {
  it('reads the 2015 Portland mayor workbook: 99 ranked ballots', async () => {
    const reader = await openEssXlsx(realCvr('ess/2015_portland_mayor_cvr.xlsx'));
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(99);
    expect(reader.contests).toHaveLength(1);
    expect(reader.contests[0]).toMatchObject({ name: 'For Mayor', voteFor: 1, ranks: 15 });
    const first = ballots[0]?.contests[0];
    expect(first?.marks[0]).toEqual({ optionId: 'Haadoow, Hamza A.', rank: 1, isVote: true });
    expect(first?.marks).toHaveLength(11);
    expect(first?.undervotes).toBe(4);
    expect(ballots[0]).toMatchObject({ id: '1', precinct: 'D Cliff and GDI' });
    expect(ballots.at(-1)).toMatchObject({ id: '99', source: { row: 100 } });
  });
});
