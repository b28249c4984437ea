import { describe, expect, it } from 'vitest';
import { ContestRuns } from '../../src/stages/template-sides.js';

const want = {
  source: 'eif',
  contests: [
    { id: 'a', voteFor: 1 },
    { id: 'b', voteFor: 1 },
    { id: 'c', voteFor: 2 },
  ],
  meanings: [
    ...['a1', 'a2', 'a3'].map((o) => ({ contestId: 'a', optionId: o })),
    ...['b1', 'b2'].map((o) => ({ contestId: 'b', optionId: o })),
    ...['c1', 'c2', 'c3', 'c4'].map((o) => ({ contestId: 'c', optionId: o })),
  ],
};
const ids = (chosen: { contests: { id: string }[] } | undefined) =>
  chosen?.contests.map((c) => c.id);

describe('ContestRuns', () => {
  it('gives each side the run of contests its targets number, the last side the rest', () => {
    const runs = new ContestRuns(want, 2);
    expect(ids(runs.meaningsFor(1)(4))).toBeUndefined();
    const front = runs.meaningsFor(1)(5);
    expect(ids(front)).toEqual(['a', 'b']);
    runs.settle(front?.contests);
    expect(ids(runs.meaningsFor(2)(3))).toBeUndefined();
    expect(
      runs
        .meaningsFor(2)(4)
        ?.meanings.map((m) => m.optionId),
    ).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('lets a blank back take nothing only when no contest is left', () => {
    const all = new ContestRuns(want, 2);
    const front = all.meaningsFor(1)(9);
    all.settle(front?.contests);
    expect(all.hasContestsLeft).toBe(false);
    expect(ids(all.meaningsFor(2)(0))).toEqual([]);
    const some = new ContestRuns(want, 2);
    some.settle(some.meaningsFor(1)(3)?.contests);
    expect(some.meaningsFor(2)(0)).toBeUndefined();
  });

  it('maps the last side by the end of the list when a side before it could not be mapped', () => {
    const runs = new ContestRuns(want, 3);
    runs.settle(undefined);
    expect(runs.meaningsFor(2)(2)).toBeUndefined();
    runs.settle(undefined);
    expect(ids(runs.meaningsFor(3)(6))).toEqual(['b', 'c']);
  });
});
