import type { ContestVote, CvrMark } from './model.js';

/**
 * Over- and undervotes for formats that list marks but not the counts (Dominion CSV, Clear
 * Ballot): a contest marked beyond its vote-for loses all its positions, as tabulators count it.
 */
export function deriveCounts(
  marks: CvrMark[],
  voteFor: number,
): Pick<ContestVote, 'overvotes' | 'undervotes'> {
  const votes = marks.filter((mark) => mark.isVote).length;
  if (votes > voteFor) return { overvotes: voteFor, undervotes: 0 };
  return { overvotes: 0, undervotes: voteFor - votes };
}
