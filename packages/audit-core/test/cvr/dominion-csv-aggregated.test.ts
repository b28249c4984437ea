import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CvrTally, openDominionCsv, type CvrSource } from '../../src/cvr/index.js';
import { readCvrFiles } from '../../src/read-cvr.js';
import { testTempDir } from '../temp-dir.js';
import { AGGREGATED } from './aggregated-sample.js';
import { collect } from './fixtures.js';

function piecesSource(name: string, text: string, size: number): CvrSource {
  const bytes = Buffer.from(text);
  return {
    name,
    open: () => {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      return Readable.from(pieces);
    },
  };
}

async function read(text: string, path: 'bytes' | 'text', size = text.length) {
  const reader = await openDominionCsv(piecesSource('CVR_Export.csv', text, size), { path });
  const ballots = await collect(reader.ballots);
  return { reader, ballots };
}

describe('Dominion CSV rows of aggregated counts', () => {
  it.each([
    ['bytes', 1 << 20],
    ['bytes', 7],
    ['text', 1 << 20],
  ] as const)(
    'counts them in the tallies and makes no ballot of them (%s, pieces of %i)',
    async (path, size) => {
      const { reader, ballots } = await read(AGGREGATED, path, size);
      expect(reader.problems).toEqual([]);
      expect(ballots.map((b) => [b.source.row, b.cvrNumber])).toEqual([
        [5, '1'],
        [6, '2'],
        [10, 'RCV Redacted & Randomly Sorted'],
        [11, 'Redacted'],
        [13, '3'],
      ]);
      expect(
        reader.aggregates?.map((a) => [a.source.row, a.label, a.countingGroup, a.style, a.votes]),
      ).toEqual([
        [7, 'Redacted and Aggregated', 'Regular', '7', 371],
        [8, 'Redacted & Aggregated', 'Mail', '12', 15],
        [9, 'Redacted and Consolidated 10 Ballots', undefined, '09', 30],
        [12, 'Redacted', undefined, '16', 3],
      ]);
      expect(reader.aggregates?.map((a) => a.ballots)).toEqual([
        undefined,
        undefined,
        10,
        undefined,
      ]);
      expect(reader.aggregates?.[0]?.contests).toEqual([
        {
          contestId: 'Mayor',
          options: [
            { optionId: 'Ann', votes: 265 },
            { optionId: 'Bob', votes: 104 },
            { optionId: 'Write-in', votes: 2 },
          ],
        },
      ]);
      const tally = new CvrTally(() => reader.contests);
      for (const ballot of ballots) tally.add(ballot);
      for (const aggregate of reader.aggregates ?? []) tally.addAggregate(aggregate);
      expect(tally).toMatchObject({ ballots: 5, aggregatedRows: 4, aggregatedVotes: 419 });
      expect(
        tally
          .result()
          .map((c) => [c.name, c.ballots, c.aggregatedVotes, c.options.map((o) => o.votes)]),
      ).toEqual([
        // Row 9 states its 10 ballots; rows 7, 8 and 12 do not, so only their votes count.
        ['Mayor', 15, 389, [278, 112, 4]],
        ['Council', 14, 30, [15, 11, 9]],
      ]);
    },
  );

  it('counts the ballots a label states, with the positions their counts leave empty', async () => {
    const text = [
      '2024 County General,5.17.17.1,,,,,,,,,,,,,,',
      ',,,,,,,Mayor (Vote For=1),Mayor (Vote For=1),Council (Vote For=2),Council (Vote For=2),Council (Vote For=2),' +
        Array(4).fill('"Chair (Number of positions=1, Number of ranks=2)"').join(','),
      ',,,,,,,Ann,Bob,Cy,Di,Ed,Flo(1),Gus(1),Flo(2),Gus(2)',
      'CvrNumber,TabulatorNum,BatchId,RecordId,ImprintedId,CountingGroup,BallotType,DEM,REP,DEM,REP,UNA,,,,',
      '1,105,1,165,105-1-165,Regular,09,1,0,1,0,0,1,0,0,1',
      'Redacted and Consolidated 12 Ballots,,,,,,09,5,4,6,7,3,,,,',
      'Redacted & Aggregated,,,,,Mail,12,3,2,,,,,,,',
      'Redacted and Consolidated 5 Ballots,,,,,,14,,,,,,3,1,1,2',
    ].join('\r\n');
    for (const path of ['bytes', 'text'] as const) {
      const { reader, ballots } = await read(text, path);
      expect(reader.problems).toEqual([]);
      const tally = new CvrTally(() => reader.contests);
      for (const ballot of ballots) tally.add(ballot);
      for (const aggregate of reader.aggregates ?? []) tally.addAggregate(aggregate);
      expect(tally).toMatchObject({ ballots: 1, aggregatedRows: 3, aggregatedBallots: 17 });
      const [mayor, council, chair] = tally.result();
      // Mayor: 1 listed ballot and the 12 stated; 9 votes among the 12 leave 3 positions empty.
      // The Mail row's 5 votes count, its ballots cannot.
      expect(mayor).toMatchObject({
        ballots: 13,
        undervotedPositions: 3,
        ballotsOvervoted: 0,
        aggregatedVotes: 14,
        aggregatedBallots: 12,
        aggregatedRowsWithoutBallots: 1,
      });
      expect(mayor?.options.map((o) => o.votes)).toEqual([9, 6]);
      // Council: vote for 2; the listed ballot leaves 1 position, the 12 ballots 24 - 16 = 8.
      expect(council).toMatchObject({ ballots: 13, undervotedPositions: 9, aggregatedBallots: 12 });
      expect(council?.aggregatedRowsWithoutBallots).toBeUndefined();
      // Chair, ranked: the 5 ballots give 4 first and 3 second choices, so 1 and 2 skip a rank.
      expect(chair).toMatchObject({ ballots: 6, undervotedPositions: 3, aggregatedBallots: 5 });
      expect(chair?.perRank?.map((r) => r.ballotsSkipped)).toEqual([1, 2]);
      expect(chair?.options.map((o) => [o.name, o.votes, o.byRank])).toEqual([
        ['Flo', 4, [4, 1]],
        ['Gus', 1, [1, 3]],
      ]);
    }
  });

  it('read-cvr reports the rows and counts their votes in the tallies', async () => {
    const file = join(await testTempDir(), 'CVR_Export.csv');
    await writeFile(file, AGGREGATED);
    const read = (await readCvrFiles([file])).files[0];
    expect(read).toMatchObject({ ballots: 5, countingGroups: { Regular: 3 }, problems: [] });
    expect(read?.aggregated).toMatchObject({ rows: 4, votes: 419 });
    expect(read?.aggregated?.list.map((a) => [a.place, a.label, a.votes, a.ballots])).toEqual([
      ['row 7', 'Redacted and Aggregated', 371, undefined],
      ['row 8', 'Redacted & Aggregated', 15, undefined],
      ['row 9', 'Redacted and Consolidated 10 Ballots', 30, 10],
      ['row 12', 'Redacted', 3, undefined],
    ]);
    expect(read?.contests.map((c) => [c.name, c.options.map((o) => o.votes)])).toEqual([
      ['Mayor', [278, 112, 4]],
      ['Council', [15, 11, 9]],
    ]);
  });

  it('names the row and column of a count it cannot read, on both paths', async () => {
    const bad = AGGREGATED.replace('3,2,0,4,1,5', '3,2,x,4,1,5');
    for (const path of ['bytes', 'text'] as const) {
      const { reader, ballots } = await read(bad, path);
      expect(ballots).toHaveLength(5);
      expect(reader.aggregates).toHaveLength(3);
      expect(reader.problems.map((p) => [p.code, p.row, p.message])).toEqual([
        [
          'malformed-row',
          8,
          'row 8 column 10: "x" is not a count of votes (the row is labelled "Redacted & Aggregated")',
        ],
      ]);
    }
  });
});
