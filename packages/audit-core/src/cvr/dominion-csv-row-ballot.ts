import type { ContestVote, CvrBallot, CvrLocation } from './model.js';

// Ballots and their locations are made by constructors, not literals: V8 tracks the objects a
// literal makes and, when a scavenge finds most of them alive (a batch not yet handed out), makes
// that literal's later objects in the old generation, where a million ballots cost a full
// collection each few hundred thousand instead of a scavenge. Constructors are never so tracked.
// Their fields are declared, not defined as class fields: a class field is first defined as
// undefined and then set, twice the stores for every ballot.

/** Where a ballot of a CSV came from. */
export class RowLocation implements CvrLocation {
  declare readonly file: string;
  declare readonly row: number;

  constructor(file: string, row: number) {
    this.file = file;
    this.row = row;
  }
}

/** A ballot of a Dominion CSV row, with the fields `toBallot` gives, in its order. */
export class RowBallot implements CvrBallot {
  declare readonly id: string;
  declare readonly source: CvrLocation;
  declare readonly cvrNumber: string | undefined;
  declare readonly tabulator: string | undefined;
  declare readonly batch: string | undefined;
  declare readonly record: string | undefined;
  declare readonly imprintedId: string | undefined;
  declare readonly countingGroup: string | undefined;
  declare readonly precinctPortion: string | undefined;
  declare readonly style: string | undefined;
  declare readonly contests: ContestVote[];

  constructor(
    id: string,
    source: CvrLocation,
    cvrNumber: string | undefined,
    tabulator: string | undefined,
    batch: string | undefined,
    record: string | undefined,
    imprintedId: string | undefined,
    countingGroup: string | undefined,
    precinctPortion: string | undefined,
    style: string | undefined,
    contests: ContestVote[],
  ) {
    this.id = id;
    this.source = source;
    this.cvrNumber = cvrNumber;
    this.tabulator = tabulator;
    this.batch = batch;
    this.record = record;
    this.imprintedId = imprintedId;
    this.countingGroup = countingGroup;
    this.precinctPortion = precinctPortion;
    this.style = style;
    this.contests = contests;
  }
}
