import { describe, expect, it } from 'vitest';
import { bufferSource, openClearBallotCsv } from '../../src/cvr/index.js';
import { parseChoiceHeader } from '../../src/cvr/clearballot-header.js';
import { collect, realCvr } from './fixtures.js';

describe('openClearBallotCsv', () => {
  it('reads 178 ballots of a ranked contest whose name holds a comma', async () => {
    const reader = await openClearBallotCsv(realCvr('clearballot_csv/inline_comma_cvr.csv'));
    const ballots = await collect(reader.ballots);
    expect(ballots).toHaveLength(178);
    expect(reader.problems).toEqual([]);
    expect(reader.contests).toEqual([
      {
        id: 'City of Portland, Auditor',
        name: 'City of Portland, Auditor',
        voteFor: 1,
        ranks: 2,
        options: [
          { id: '6', name: 'Simone test Rede', party: 'NON' },
          { id: '28', name: 'Write-in-28', party: 'NON', isWriteIn: true },
          { id: '50009', name: 'Lisa Simpson', party: 'NON' },
        ],
      },
    ]);
    const marked = ballots.find((b) => b.id === 'RCV-0256+10003');
    expect(marked).toMatchObject({ batch: 'RCV-0256', record: '1', precinct: '79', style: '2' });
    expect(marked?.contests[0]).toMatchObject({
      marks: [
        { optionId: '6', rank: 1 },
        { optionId: '28', rank: 2 },
      ],
      overvotes: 0,
      undervotes: 0,
    });
    const blank = ballots[0]?.contests[0];
    expect(blank).toMatchObject({ marks: [], undervotes: 2 });
  });

  it('keeps colons and commas that belong to the contest name', () => {
    expect(
      parseChoiceHeader('Choice_7_1:Measure 1: Roads, Parks:Number of Winners 2:Yes:'),
    ).toEqual({
      optionId: '7',
      contest: 'Measure 1: Roads, Parks',
      voteFor: 2,
      choice: 'Yes',
      party: '',
    });
  });

  it('names the row of a cell that is not 0 or 1', async () => {
    const source = bufferSource(
      'cb.csv',
      'BallotID,Choice_1_1:C:Number of Winners 1:A:NON\nB-1,1\nB-2,x\nB-1,0\n',
    );
    const reader = await openClearBallotCsv(source);
    const ballots = await collect(reader.ballots);
    expect(ballots.map((b) => b.id)).toEqual(['B-1', 'B-1']);
    expect(reader.problems.map((p) => [p.code, p.row, p.message])).toEqual([
      ['malformed-row', 3, 'row 3: column 2: "x" is not 0 or 1'],
      ['duplicate-ballot', 4, 'cb.csv row 4: ballot B-1 duplicates cb.csv row 2'],
    ]);
  });
});
