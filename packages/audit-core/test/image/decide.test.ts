import { describe, expect, it } from 'vitest';
import { blankLevel, decideMark, DEFAULT_THRESHOLDS, readContests } from '../../src/index.js';

describe('mark decisions', () => {
  it('leaves a marginal fill gray rather than deciding it', () => {
    expect(decideMark(0.02, 0, DEFAULT_THRESHOLDS)).toBe('blank');
    expect(decideMark(0.2, 0, DEFAULT_THRESHOLDS)).toBe('gray');
    expect(decideMark(0.6, 0, DEFAULT_THRESHOLDS)).toBe('vote');
  });

  it('raises both cut-offs with a dirty scan, but not past a capped blank level', () => {
    const dirty = blankLevel([0.06, 0.07, 0.06, 0.9, 0.08, 0.07]);
    expect(dirty).toBeCloseTo(0.06, 5);
    expect(decideMark(0.15, 0, DEFAULT_THRESHOLDS)).toBe('gray');
    expect(decideMark(0.15, dirty, DEFAULT_THRESHOLDS)).toBe('blank');
    expect(blankLevel([0.9, 0.95, 0.85, 0.9])).toBe(0.08);
  });

  it('judges overvotes and undervotes from the vote-for, and lists gray options', () => {
    const meanings = ['a', 'b', 'c'].map((optionId) => ({ contestId: 'c1', optionId }));
    const contests = [{ id: 'c1', voteFor: 1 }];
    const [over] = readContests(contests, meanings, ['vote', 'vote', 'blank']);
    expect(over).toMatchObject({ isOvervote: true, undervotes: 0, votes: ['a', 'b'] });
    const [under] = readContests(contests, meanings, ['blank', 'gray', 'blank']);
    expect(under).toMatchObject({ isOvervote: false, undervotes: 1, gray: ['b'] });
  });
});
