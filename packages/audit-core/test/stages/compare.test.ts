import { describe, expect, it } from 'vitest';
import { classify, type ContestVote } from '../../src/index.js';

const info = {
  name: 'Mayor',
  voteFor: 1,
  options: new Map([
    ['a', { name: 'A', isWriteIn: false }],
    ['b', { name: 'B', isWriteIn: false }],
    ['w', { name: 'Write-in', isWriteIn: true }],
  ]),
};
const record = (ids: string[], overvotes = 0): ContestVote => ({
  contestId: 'm',
  marks: ids.map((optionId) => ({ optionId, rank: 1, isVote: overvotes === 0 })),
  overvotes,
  undervotes: 0,
});
const image = (votes: string[], gray: string[] = [], overvote = false) => ({
  votes,
  gray,
  overvote,
});

describe('classify', () => {
  it('agrees, disagrees, and leaves marginal marks to a person', () => {
    expect(classify(image(['a']), record(['a']), info)).toBe('Fully Agreed');
    expect(classify(image(['b']), record(['a']), info)).toBe('Normal Disagreed');
    expect(classify(image([], ['a']), record(['a']), info)).toBe('Gray');
    // A clear difference elsewhere is a disagreement even with a gray option.
    expect(classify(image(['b'], ['a']), record([]), info)).toBe('Normal Disagreed');
  });

  it('names agreed overvotes, undervotes and write-ins', () => {
    expect(classify(image(['a', 'b'], [], true), record(['a', 'b'], 1), info)).toBe(
      'Agreed Overvote',
    );
    // Dominion CSV writes an overvoted contest with no marks.
    expect(classify(image(['a', 'b'], [], true), record([]), info)).toBe('Agreed Overvote');
    expect(classify(image([]), record([]), info)).toBe('Agreed Undervote');
    expect(classify(image(['w']), record(['w']), info)).toBe('Agreed Write-in');
    expect(classify(image(['a']), record(['a', 'b'], 1), info)).toBe('Normal Disagreed');
  });
});
