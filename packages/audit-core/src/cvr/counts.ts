import type { ContestVote, CvrMark } from './model.js';

/**
 * Over- and undervotes for formats that list marks but not the counts (Dominion CSV, Clear
 * Ballot). A contest marked beyond its vote-for loses all its positions, as tabulators count
 * it; a ranked contest is counted rank by rank (two marks in a rank overvote that rank).
 */
export function deriveCounts(
  marks: CvrMark[],
  voteFor: number,
  ranks = 0,
): Pick<ContestVote, 'overvotes' | 'undervotes'> {
  const votes = marks.filter((mark) => mark.isVote);
  if (ranks > 0) {
    const perRank = new Map<number, number>();
    for (const mark of votes) perRank.set(mark.rank, (perRank.get(mark.rank) ?? 0) + 1);
    const overvotes = [...perRank.values()].filter((n) => n > 1).length;
    return { overvotes, undervotes: ranks - perRank.size };
  }
  if (votes.length > voteFor) return { overvotes: voteFor, undervotes: 0 };
  return { overvotes: 0, undervotes: voteFor - votes.length };
}
