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
    expect(classify(image(['b'], ['a']), record(['w']), info)).toBe('Normal Disagreed');
    expect(classify(image(['b']), record([]), info)).toBe('Normal Disagreed');
  });

  it('leaves to a person a record written as nothing where gray marks would make an overvote', () => {
    // Dominion's CSV writes an overvote as no marks: one clear vote and one gray mark in a
    // vote-for-one contest agree with it if the gray mark is a vote, and not otherwise.
    expect(classify(image(['b'], ['a']), record([]), info)).toBe('Gray');
    // With room for both marks the clear vote is missing from the record whatever the gray is.
    expect(classify(image(['b'], ['a']), record([]), { ...info, voteFor: 2 })).toBe(
      'Normal Disagreed',
    );
    // A record that lists its marks hides no overvote.
    expect(classify(image(['b'], ['a']), record(['w']), info)).toBe('Normal Disagreed');
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
