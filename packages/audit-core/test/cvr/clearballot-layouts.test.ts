import { describe, expect, it } from 'vitest';
import { bufferSource, openClearBallotCsv, tallyBallots } from '../../src/cvr/index.js';

const FIELDS =
  'RowNumber,BoxID,BoxPosition,BallotID,PrecinctID,BallotStyleID,PrecinctStyleName,ScanComputerName,Status,Remade';

describe('Clear Ballot header variants', () => {
  it('reads `Vote For N` plurality headers (Arlo layout)', async () => {
    const header = [
      FIELDS,
      'Choice_1_1:Contest 1:Vote For 1:Choice 1-1:Non-Partisan',
      'Choice_210_1:Contest 1:Vote For 1:Choice 1-2:Non-Partisan',
      'Choice_34_1:Contest 2:Vote For 2:Choice 2-1:Non-Partisan',
      'Choice_4_1:Contest 2:Vote For 2:Choice 2-2:Non-Partisan',
      'Choice_5_1:Contest 2:Vote For 2:Choice 2-3:Non-Partisan',
    ].join(',');
    const rows = [
      '1,BATCH1,1,1-1-1,p,bs,ps,TABULATOR1,s,r,0,1,1,1,0',
      '2,BATCH1,2,1-1-2,p,bs,ps,TABULATOR1,s,r,1,0,1,0,1',
      '3,BATCH1,3,1-1-3,p,bs,ps,TABULATOR1,s,r,1,1,1,1,1',
      '4,BATCH2,1,1-2-1,p,bs,ps,TABULATOR2,s,r,,,0,0,0',
    ];
    const reader = await openClearBallotCsv(bufferSource('cb.csv', [header, ...rows].join('\n')));
    const { contests } = await tallyBallots(reader.ballots, () => reader.contests);
    expect(reader.problems).toEqual([]);
    expect(reader.contests.map((c) => [c.name, c.voteFor, c.options.length])).toEqual([
      ['Contest 1', 1, 2],
      ['Contest 2', 2, 3],
    ]);
    expect(contests.map((c) => [c.name, c.ballots, c.ballotsOvervoted])).toEqual([
      ['Contest 1', 3, 1],
      ['Contest 2', 4, 1],
    ]);
    expect(contests[0]?.options.map((o) => [o.name, o.votes])).toEqual([
      ['Choice 1-1', 1],
      ['Choice 1-2', 1],
    ]);
    expect(contests[1]).toMatchObject({ overvotedPositions: 2, undervotedPositions: 2 });
  });

  it('ties each rank column back to its candidate when ranks have their own ids', async () => {
    const candidates = ['Alice', 'Bob', 'Carol'];
    const columns = candidates.flatMap((name, c) =>
      [1, 2, 3].map(
        (rank) => `"Choice_${100 + c * 10 + rank}_1:Mayor:${rank}:Vote For 1:${name}:NON"`,
      ),
    );
    // Ballot 1 ranks Bob, Alice, Carol; ballot 2 ranks Carol first, skips 2, overvotes rank 3.
    const cells = (ranks: Record<string, number[]>): string =>
      candidates
        .flatMap((name) => [1, 2, 3].map((r) => ((ranks[name] ?? []).includes(r) ? 1 : 0)))
        .join(',');
    const csv = [
      `${FIELDS},${columns.join(',')}`,
      `1,B,1,B-1,p,1,ps,S,0,0,${cells({ Bob: [1], Alice: [2], Carol: [3] })}`,
      `2,B,2,B-2,p,1,ps,S,0,0,${cells({ Carol: [1], Alice: [3], Bob: [3] })}`,
    ].join('\n');
    const reader = await openClearBallotCsv(bufferSource('rcv.csv', csv));
    const { contests } = await tallyBallots(reader.ballots, () => reader.contests);
    expect(reader.contests).toHaveLength(1);
    expect(reader.contests[0]).toMatchObject({ name: 'Mayor', voteFor: 1, ranks: 3 });
    expect(reader.contests[0]?.options.map((o) => [o.id, o.name])).toEqual([
      ['101', 'Alice'],
      ['111', 'Bob'],
      ['121', 'Carol'],
    ]);
    const mayor = contests[0];
    expect(mayor?.options.map((o) => [o.name, o.votes, o.byRank])).toEqual([
      ['Alice', 0, [0, 1, 0]],
      ['Bob', 1, [1, 0, 0]],
      ['Carol', 1, [1, 0, 1]],
    ]);
    expect(mayor?.perRank).toEqual([
      { rank: 1, ballotsOvervoted: 0, ballotsSkipped: 0 },
      { rank: 2, ballotsOvervoted: 0, ballotsSkipped: 1 },
      { rank: 3, ballotsOvervoted: 1, ballotsSkipped: 0 },
    ]);
    expect(mayor?.ballotsOvervoted).toBe(1);
  });

  it('reads a choice header without a party', async () => {
    const csv =
      'BallotID,Choice_1_1:Measure A:Vote For 1:Yes,Choice_2_1:Measure A:Vote For 1:No\nB-1,1,0\n';
    const reader = await openClearBallotCsv(bufferSource('m.csv', csv));
    expect(reader.contests[0]?.options).toEqual([
      { id: '1', name: 'Yes' },
      { id: '2', name: 'No' },
    ]);
  });

  it('says which part of a header it does not understand', async () => {
    const csv = `BallotID,Choice_1_1:Mayor:Pick One:Alice:NON\nB-1,1\n`;
    await expect(openClearBallotCsv(bufferSource('odd.csv', csv))).rejects.toThrow(
      'odd.csv: not a Clear Ballot CVR: column 2 "Choice_1_1:Mayor:Pick One:Alice:NON" is not understood: it has no "Vote For N" or "Number of Winners N" part',
    );
  });
});
