import { describe, expect, it } from 'vitest';
import { analyseContest, type Item } from '../../src/stages/report-contests.js';

const info = {
  name: 'Governor',
  voteFor: 1,
  options: new Map([
    ['a', { name: 'A. Lopez', isWriteIn: false }],
    ['b', { name: 'B. Hale', isWriteIn: false }],
  ]),
};
const reading = (votes: string[], gray: string[] = []) => ({ votes, gray, overvote: false });
const where = { archive: 'input/images/a.zip', entry: 'x.tif', style: 'S1', detail: '' };

function items(): Item[] {
  return [
    {
      kind: 'Normal Disagreed',
      sheetId: 's1',
      contestId: 'G',
      record: reading(['a']),
      image: reading(['b']),
      ...where,
    },
    { kind: 'No CVR', sheetId: 's2', contestId: 'G', image: reading(['b']), ...where },
    { kind: 'No Image', sheetId: 's3', contestId: 'G', record: reading(['a']), ...where },
    {
      kind: 'Gray',
      sheetId: 's4',
      contestId: 'G',
      record: reading(['b']),
      image: reading([], ['b']),
      ...where,
    },
    { kind: 'Unreadable', sheetId: 's5', contestId: 'G', record: reading(['b']), ...where },
  ];
}

const totals = [
  { optionId: 'a', option: 'A. Lopez', cvr: 10, image: 8, gray: 0 },
  { optionId: 'b', option: 'B. Hale', cvr: 8, image: 8, gray: 1 },
];

describe('a contest whose CVR and image totals differ', () => {
  it('lists the rows that make the difference, counts every one in doubt, and calls the tie open', () => {
    const c = analyseContest({ contestId: 'G', info, name: 'Governor', totals, items: items() });
    expect(c.differences.map((i) => i.sheetId)).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(c.unexplained).toEqual([]);
    expect(c.inDoubt).toBe(5);
    expect(c.reported.margin).toBe(2);
    expect(c.audit.margin).toBe(0);
    expect(c.verdict.couldChange).toBe(true);
  });

  it('folds decisions into the adjudicated totals and out of doubt', () => {
    const decided = items();
    const at = { note: '', decidedAt: '', decidedBy: '', decidedByName: '' };
    decided[0]!.decision = { decision: 'cvr', votes: ['a'], ...at };
    decided[1]!.decision = { decision: 'image', votes: ['b'], ...at };
    decided[3]!.decision = { decision: 'other', votes: ['b'], ...at };
    decided[4]!.decision = { decision: 'unreadable', votes: [], ...at };
    const c = analyseContest({ contestId: 'G', info, name: 'Governor', totals, items: decided });
    expect(c.options.map((o) => [o.optionId, o.adjudicated])).toEqual([
      ['a', 9],
      ['b', 8],
    ]);
    // s3 (no image) and s5 (the person could not tell) are still in doubt: 4 ≥ margin 1.
    expect(c.inDoubt).toBe(2);
    expect(c.verdict.couldChange).toBe(true);
    expect(c.verdict.reason).toBe(
      '2 ballots in doubt could move the margin by up to 4 votes, at least the audit margin of 1 vote',
    );
  });

  it('names the part of the gap the rows do not explain', () => {
    const c = analyseContest({
      contestId: 'G',
      info,
      name: 'Governor',
      totals: [{ ...totals[0]!, image: 7 }, totals[1]!],
      items: items(),
    });
    expect(c.unexplained).toEqual([{ optionId: 'a', votes: -1 }]);
  });
});
