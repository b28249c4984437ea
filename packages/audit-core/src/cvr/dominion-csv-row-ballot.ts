import type { ContestVote, CvrBallot, CvrLocation } from './model.js';

// Ballots and their locations are made by constructors, not literals: V8 tracks the objects a
// literal makes and, when a scavenge finds most of them alive (a batch not yet handed out), makes
// that literal's later objects in the old generation, where a million ballots cost a full
// collection each few hundred thousand instead of a scavenge. Constructors are never so tracked.

/** Where a ballot of a CSV came from. */
export class RowLocation implements CvrLocation {
  constructor(
    readonly file: string,
    readonly row: number,
  ) {}
}

/** A ballot of a Dominion CSV row, with the fields `toBallot` gives, in its order. */
export class RowBallot implements CvrBallot {
  constructor(
    readonly id: string,
    readonly source: CvrLocation,
    readonly cvrNumber: string | undefined,
    readonly tabulator: string | undefined,
    readonly batch: string | undefined,
    readonly record: string | undefined,
    readonly imprintedId: string | undefined,
    readonly countingGroup: string | undefined,
    readonly precinctPortion: string | undefined,
    readonly style: string | undefined,
    readonly contests: ContestVote[],
  ) {}
}
