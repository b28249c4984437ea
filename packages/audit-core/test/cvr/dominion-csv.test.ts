import { describe, expect, it } from 'vitest';
import { bufferSource, openDominionCsv } from '../../src/cvr/index.js';
import { collect, realCvr } from './fixtures.js';

describe('openDominionCsv', () => {
  it('reads the Arapahoe 2016 export: 165 ballots, 83 contests, 202 choice columns', async () => {
    const reader = await openDominionCsv(
      realCvr('dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv'),
    );
    const ballots = await collect(reader.ballots);
    expect(reader.election).toEqual({
      name: '2016 Arapahoe General Election',
      version: '5.2.13.9',
    });
    expect(ballots).toHaveLength(165);
    expect(reader.contests).toHaveLength(83);
    expect(reader.contests.reduce((n, contest) => n + contest.options.length, 0)).toBe(202);
    expect(reader.problems).toEqual([]);
    const first = ballots[0];
    expect(first).toMatchObject({
      id: '3-800-1',
      cvrNumber: '1',
      tabulator: '3',
      batch: '800',
      record: '1',
      imprintedId: '3-800-1',
      precinctPortion: '1260303104-51 (104-51)',
      style: '51',
      source: { row: 5 },
    });
    const president = first?.contests.find((c) => c.contestId === 'Presidential Electors');
    expect(president?.marks.map((m) => m.optionId)).toHaveLength(1);
    expect(president).toMatchObject({ overvotes: 0, undervotes: 0 });
  });

  it('leaves out contests whose cells are blank (not on that card)', async () => {
    const reader = await openDominionCsv(realCvr('dominion_csv/arlo_dominion_test_cvrs.csv'));
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(14);
    expect(ballots.map((b) => b.id)).not.toContain('TABULATOR2-BATCH2-3');
    const city = ballots.find((b) => b.id === 'TABULATOR2-BATCH2-4');
    expect(city?.style).toBe('CITY');
    expect(city?.contests.map((c) => c.contestId)).toEqual(['Contest 2']);
    const overvoted = ballots.find((b) => b.id === 'TABULATOR2-BATCH2-2');
    expect(overvoted?.contests[0]).toMatchObject({ contestId: 'Contest 1', overvotes: 1 });
    expect(reader.contests.map((c) => [c.name, c.voteFor, c.options.length])).toEqual([
      ['Contest 1', 1, 2],
      ['Contest 2', 2, 3],
    ]);
  });

  it('flags the duplicated line of the invalid sample, naming its row', async () => {
    const reader = await openDominionCsv(
      realCvr('dominion_csv/INVALID_duplicate_line_CVR_Export.csv'),
    );
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(166);
    const repeats = ballots.filter((b) => b.duplicateOf);
    expect(repeats.map((b) => [b.id, b.source.row, b.duplicateOf?.row])).toEqual([
      ['3-800-1', 6, 5],
    ]);
    expect(reader.problems).toHaveLength(1);
    expect(reader.problems[0]).toMatchObject({
      code: 'duplicate-ballot',
      severity: 'error',
      row: 6,
    });
    expect(reader.problems[0]?.message).toContain('row 6');
    expect(reader.problems[0]?.message).toContain('row 5');
  });

  it('reports short rows and cells that are not 0 or 1 by line, and reads on', async () => {
    const text = [
      'E,5.2,,,',
      ',,,,C (Vote For=1),C (Vote For=1)',
      ',,,,A,B',
      'CvrNumber,TabulatorNum,BatchId,RecordId,,',
      '1,1,1,1,1,0',
      '2,1,1,2,1',
      '3,1,1,3,2,0',
      '4,1,1,4,0,1',
    ].join('\n');
    const reader = await openDominionCsv(bufferSource('cvr.csv', text));
    const ballots = await collect(reader.ballots);
    expect(ballots.map((b) => b.id)).toEqual(['1-1-1', '1-1-4']);
    expect(reader.problems.map((p) => [p.code, p.row, p.message])).toEqual([
      ['malformed-row', 6, 'row 6: 5 cells, the header has 6'],
      ['malformed-row', 7, 'row 7 column 5: "2" is not 0 or 1'],
    ]);
  });

  it('refuses a file whose fourth row is not the metadata header', async () => {
    await expect(openDominionCsv(bufferSource('x.csv', 'a\nb\nc\nd\n'))).rejects.toThrow(
      'x.csv: not a Dominion CVR_Export: row 4 does not start with CvrNumber',
    );
  });
});
