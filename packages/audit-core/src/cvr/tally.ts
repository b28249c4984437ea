import type { ContestDefinition, ContestVote, CvrAggregate, CvrBallot } from './model.js';

/** One option's count: plurality votes, or for a ranked contest the count at each rank. */
export interface OptionTally {
  optionId: string;
  name: string;
  /** Votes counted: on ballots not overvoted in the contest; for ranked contests, first choices. */
  votes: number;
  /** Ranked contests: marks counted at rank 1, 2, … (a rank marked twice counts for no one). */
  byRank?: number[];
}

/** Rank `rank` of a ranked contest across the ballots that hold the contest. */
export interface RankTally {
  rank: number;
  /** Ballots with two or more options marked at this rank. */
  ballotsOvervoted: number;
  /** Ballots with nothing marked at this rank. */
  ballotsSkipped: number;
}

/** Totals of one contest over an export, with over- and undervotes named by what they count. */
export interface ContestTally {
  contestId: string;
  name: string;
  voteFor: number;
  ranks: number;
  /** Ballots that hold the contest. */
  ballots: number;
  options: OptionTally[];
  /** Ballots the export marks overvoted in the contest (any rank, for ranked contests). */
  ballotsOvervoted: number;
  /** Positions (vote-for slots, or ranks) the export reports as overvoted, summed over ballots. */
  overvotedPositions: number;
  /** Positions (vote-for slots, or ranks) left blank, summed over ballots. */
  undervotedPositions: number;
  /** Ranked contests only: what happened at each rank. */
  perRank?: RankTally[];
  /**
   * Votes the export gives only as a group's counts (rows with no ballot record), already in
   * the options' votes; absent when there are none.
   */
  aggregatedVotes?: number;
  /**
   * Ballots of such rows whose label states how many ballots the row stands for: already in
   * `ballots` and in the undervoted positions (and per rank, the ballots skipping it).
   */
  aggregatedBallots?: number;
  /**
   * Such rows whose ballots no label states: their votes are counted, their ballots are not
   * in `ballots`, over- or undervotes.
   */
  aggregatedRowsWithoutBallots?: number;
}

/**
 * Counts an export's votes contest by contest, as the ballots stream past. Marks the tabulator
 * did not count (`isVote` false) and repeated ballots are left out.
 */
export class CvrTally {
  private readonly tallies = new Map<string, ContestTally>();
  private readonly optionIndex = new Map<ContestTally, Map<string, OptionTally>>();
  ballots = 0;
  duplicates = 0;
  /** Rows of a group's counts added, and the votes they held. */
  aggregatedRows = 0;
  aggregatedVotes = 0;
  /** Ballots those rows stand for, where their labels say. */
  aggregatedBallots = 0;

  constructor(private readonly definitions: () => ContestDefinition[]) {}

  /**
   * Adds a row of a group's counts: each count goes to its option's votes. When the row states
   * how many ballots it stands for, each contest it has counts for gains those ballots, and
   * their positions the counts leave empty are undervoted. The row gives no overvotes: Dominion
   * CSV writes an overvoted contest as no marks, which listed ballots count as undervoted too.
   */
  addAggregate(aggregate: CvrAggregate): void {
    this.aggregatedRows += 1;
    this.aggregatedVotes += aggregate.votes;
    const stated = aggregate.ballots;
    if (stated !== undefined) this.aggregatedBallots += stated;
    for (const contest of aggregate.contests) {
      const tally = this.contest(contest.contestId);
      let votes = 0;
      const atRank = new Array<number>(tally.ranks).fill(0);
      for (const { optionId, votes: count, rank = 1 } of contest.options) {
        const option = this.option(tally, optionId);
        // A ranked contest's votes are first choices; later ranks go to their rank's count.
        if (rank === 1) option.votes += count;
        if (option.byRank) option.byRank[rank - 1] = (option.byRank[rank - 1] ?? 0) + count;
        if (rank <= tally.ranks) atRank[rank - 1] = (atRank[rank - 1] ?? 0) + count;
        votes += count;
      }
      tally.aggregatedVotes = (tally.aggregatedVotes ?? 0) + votes;
      if (stated === undefined) {
        tally.aggregatedRowsWithoutBallots = (tally.aggregatedRowsWithoutBallots ?? 0) + 1;
        continue;
      }
      tally.ballots += stated;
      tally.aggregatedBallots = (tally.aggregatedBallots ?? 0) + stated;
      if (tally.ranks > 0) {
        for (const rank of tally.perRank ?? []) {
          const skipped = Math.max(0, stated - (atRank[rank.rank - 1] ?? 0));
          rank.ballotsSkipped += skipped;
          tally.undervotedPositions += skipped;
        }
      } else if (tally.voteFor > 0) {
        tally.undervotedPositions += Math.max(0, stated * tally.voteFor - votes);
      }
    }
  }

  add(ballot: CvrBallot): void {
    if (ballot.duplicateOf) {
      this.duplicates += 1;
      return;
    }
    this.ballots += 1;
    for (const vote of ballot.contests) this.addVote(vote);
  }

  /**
   * The tallies in the export's contest order (a contest no ballot holds shows with zeros), then
   * any contest met only in ballots.
   */
  result(): ContestTally[] {
    const order = this.definitions().map((d) => d.id);
    const known = new Set(order);
    const rest = [...this.tallies.keys()].filter((id) => !known.has(id));
    return [...order, ...rest].map((id) => this.finish(this.contest(id)));
  }

  private contest(id: string): ContestTally {
    let tally = this.tallies.get(id);
    if (tally) return tally;
    const definition = this.definitions().find((d) => d.id === id);
    tally = {
      contestId: id,
      name: definition?.name ?? id,
      voteFor: definition?.voteFor ?? 0,
      ranks: definition?.ranks ?? 0,
      ballots: 0,
      options: [],
      ballotsOvervoted: 0,
      overvotedPositions: 0,
      undervotedPositions: 0,
    };
    if (tally.ranks > 0)
      tally.perRank = Array.from({ length: tally.ranks }, (_, i) => ({
        rank: i + 1,
        ballotsOvervoted: 0,
        ballotsSkipped: 0,
      }));
    this.tallies.set(id, tally);
    this.optionIndex.set(tally, new Map());
    return tally;
  }

  private option(tally: ContestTally, optionId: string): OptionTally {
    const index = this.optionIndex.get(tally) as Map<string, OptionTally>;
    let option = index.get(optionId);
    if (!option) {
      const definition = this.definitions()
        .find((d) => d.id === tally.contestId)
        ?.options.find((o) => o.id === optionId);
      option = { optionId, name: definition?.name ?? optionId, votes: 0 };
      if (tally.ranks > 0) option.byRank = new Array<number>(tally.ranks).fill(0);
      index.set(optionId, option);
      tally.options.push(option);
    }
    return option;
  }

  private addVote(vote: ContestVote): void {
    const tally = this.contest(vote.contestId);
    tally.ballots += 1;
    tally.overvotedPositions += vote.overvotes;
    tally.undervotedPositions += vote.undervotes;
    const marks = vote.marks.filter((m) => m.isVote);
    if (tally.ranks > 0) {
      this.addRanked(tally, vote, marks);
      return;
    }
    const over = vote.overvotes > 0 || (tally.voteFor > 0 && marks.length > tally.voteFor);
    if (over) tally.ballotsOvervoted += 1;
    for (const mark of marks) {
      const option = this.option(tally, mark.optionId);
      if (!over) option.votes += 1;
    }
  }

  private addRanked(tally: ContestTally, vote: ContestVote, marks: ContestVote['marks']): void {
    const atRank = new Map<number, string[]>();
    for (const mark of marks)
      atRank.set(mark.rank, [...(atRank.get(mark.rank) ?? []), mark.optionId]);
    let over = vote.overvotes > 0;
    for (const rank of tally.perRank ?? []) {
      const options = atRank.get(rank.rank) ?? [];
      const written = vote.overvotedRanks?.includes(rank.rank) ?? false;
      if (options.length === 0 && !written) rank.ballotsSkipped += 1;
      if (options.length > 1 || written) {
        rank.ballotsOvervoted += 1;
        over = true;
      }
      for (const optionId of options) {
        const option = this.option(tally, optionId);
        if (options.length !== 1 || !option.byRank) continue;
        option.byRank[rank.rank - 1] = (option.byRank[rank.rank - 1] ?? 0) + 1;
        if (rank.rank === 1) option.votes += 1;
      }
    }
    if (over) tally.ballotsOvervoted += 1;
  }

  private finish(tally: ContestTally): ContestTally {
    // Options the export defines but no ballot marked still show, with zero.
    const definition = this.definitions().find((d) => d.id === tally.contestId);
    for (const option of definition?.options ?? []) this.option(tally, option.id);
    const order = new Map((definition?.options ?? []).map((o, i) => [o.id, i]));
    const last = order.size;
    tally.options.sort((a, b) => (order.get(a.optionId) ?? last) - (order.get(b.optionId) ?? last));
    if (definition && tally.voteFor === 0) tally.voteFor = definition.voteFor;
    return tally;
  }
}

/** Tallies every ballot of a stream. */
export async function tallyBallots(
  ballots: AsyncIterable<CvrBallot>,
  definitions: () => ContestDefinition[],
): Promise<{ tally: CvrTally; contests: ContestTally[] }> {
  const tally = new CvrTally(definitions);
  for await (const ballot of ballots) tally.add(ballot);
  return { tally, contests: tally.result() };
}
