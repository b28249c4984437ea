/** A contest's reported result, as the RLA needs it: votes per option and the ballot universe. */
export interface ReportedContest {
  id: string;
  /** Options a voter may choose; the number of winners is the same. */
  voteFor: number;
  /** Reported votes per option id. */
  votes: Record<string, number>;
  /** Ballots the sample is drawn from (the manifest's count), not only those with the contest. */
  ballots: number;
}

export interface ContestOutcome {
  winners: string[];
  losers: string[];
  /** Smallest reported margin in votes between a winner and a loser. */
  marginVotes: number;
  /** That margin over all ballots in the universe: the diluted margin μ. */
  dilutedMargin: number;
}

/**
 * Winners are the `voteFor` options with most votes (ties broken by id, so the outcome is
 * stable); the diluted margin is the smallest winner–loser gap over the ballots sampled from.
 */
export function contestOutcome(contest: ReportedContest): ContestOutcome {
  const ranked = Object.entries(contest.votes).sort(
    ([a, va], [b, vb]) => vb - va || (a < b ? -1 : a > b ? 1 : 0),
  );
  const seats = Math.max(1, contest.voteFor);
  const winners = ranked.slice(0, seats).map(([id]) => id);
  const losers = ranked.slice(seats).map(([id]) => id);
  const lowestWinner = ranked[Math.min(seats, ranked.length) - 1]?.[1] ?? 0;
  const highestLoser = ranked[seats]?.[1] ?? 0;
  const marginVotes = ranked.length > 0 ? lowestWinner - highestLoser : 0;
  return {
    winners,
    losers,
    marginVotes,
    dilutedMargin: contest.ballots > 0 ? marginVotes / contest.ballots : 0,
  };
}
