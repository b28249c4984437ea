import { describe, expect, it } from 'vitest';
import { bufferSource, CvrTally, openDominionCsv } from '../../src/cvr/index.js';
import { collect } from './fixtures.js';

// As Dominion 5.17 writes a ranked contest (Boulder County, 2023): one column per candidate and
// rank, headed `Name (Number of positions=N, Number of ranks=R)`, choices `Candidate(rank)`.
const MAYOR = '"Mayor (Number of positions=1, Number of ranks=3)"';
const RANKED = [
  `"2023 Coordinated Election","5.17.17.1",${',""'.repeat(16)}`,
  `,,,,,,${Array(9).fill(MAYOR).join(',')},"Council (Vote For=2)","Council (Vote For=2)","Council (Vote For=2)"`,
  ',,,,,,"Ann(1)","Bob(1)","Cy(1)","Ann(2)","Bob(2)","Cy(2)","Ann(3)","Bob(3)","Cy(3)","Di","Ed","Fay"',
  `"CvrNumber","TabulatorNum","BatchId","RecordId","ImprintedId","BallotType"${','.repeat(12)}`,
  '"1","108","1","104","108-1-104","DS-01",1,0,0,0,1,0,0,0,1,1,1,0',
  '"2","108","1","105","108-1-105","DS-01",0,1,0,0,0,0,0,0,0,0,0,1',
  '"3","108","1","106","108-1-106","DS-01",1,1,0,0,0,1,0,0,0,,,',
  '"RCV Redacted & Randomly Sorted",,,,,"DS-02",0,0,1,1,0,0,0,0,0,,,',
  '',
].join('\n');

describe('Dominion CSV ranked contests', () => {
  it.each(['bytes', 'text'] as const)(
    'ties each rank column to its candidate and counts ranks (%s)',
    async (path) => {
      const reader = await openDominionCsv(bufferSource('CVR_Export.csv', RANKED), { path });
      const ballots = await collect(reader.ballots);
      expect(reader.problems).toEqual([]);
      expect(
        reader.contests.map((c) => [c.name, c.voteFor, c.ranks, c.options.map((o) => o.id)]),
      ).toEqual([
        ['Mayor', 1, 3, ['Ann', 'Bob', 'Cy']],
        ['Council', 2, 0, ['Di', 'Ed', 'Fay']],
      ]);
      const mayor = ballots.map((b) => b.contests.find((c) => c.contestId === 'Mayor'));
      expect(
        mayor.map((v) => [
          v?.marks.map((m) => `${m.optionId}${m.rank}`),
          v?.overvotes,
          v?.undervotes,
        ]),
      ).toEqual([
        [['Ann1', 'Bob2', 'Cy3'], 0, 0],
        [['Bob1'], 0, 2],
        [['Ann1', 'Bob1', 'Cy2'], 1, 1],
        [['Cy1', 'Ann2'], 0, 1],
      ]);
      const tally = new CvrTally(() => reader.contests);
      for (const ballot of ballots) tally.add(ballot);
      const [mayorTally, council] = tally.result();
      expect(mayorTally?.options.map((o) => [o.optionId, o.votes, o.byRank])).toEqual([
        ['Ann', 1, [1, 1, 0]],
        ['Bob', 1, [1, 1, 0]],
        ['Cy', 1, [1, 1, 1]],
      ]);
      expect(mayorTally?.perRank).toEqual([
        { rank: 1, ballotsOvervoted: 1, ballotsSkipped: 0 },
        { rank: 2, ballotsOvervoted: 0, ballotsSkipped: 1 },
        { rank: 3, ballotsOvervoted: 0, ballotsSkipped: 3 },
      ]);
      expect(council?.options.map((o) => o.votes)).toEqual([1, 1, 1]);
    },
  );

  it('names the column of a ranked choice it cannot tie to a rank', async () => {
    const bad = RANKED.replace('"Bob(2)"', '"Bob"');
    await expect(openDominionCsv(bufferSource('CVR_Export.csv', bad))).rejects.toThrow(
      'row 3 column 11: "Bob" is not "Name(rank)" as a ranked contest\'s choice',
    );
  });
});
