/** The CVR formats the readers understand. */
export type CvrFormat =
  'dominion-csv' | 'dominion-json' | 'ess-csv' | 'ess-xlsx' | 'clearballot-csv' | 'hart-xml';

/** One choice a voter can mark in a contest. */
export interface OptionDefinition {
  id: string;
  name: string;
  party?: string;
  isWriteIn?: boolean;
}

/** A contest as the export defines it; readers of name-based formats fill options as they meet them. */
export interface ContestDefinition {
  id: string;
  name: string;
  /** How many options a voter may choose; 0 when the export does not say (Hart). */
  voteFor: number;
  /** Number of ranks for a ranked-choice contest; 0 when not ranked. */
  ranks: number;
  options: OptionDefinition[];
}

/** One mark the tabulator recorded on a ballot. */
export interface CvrMark {
  optionId: string;
  /** 1 for a contest that is not ranked. */
  rank: number;
  /** False when the tabulator saw the mark but did not count it (Dominion `IsVote`). */
  isVote: boolean;
  isAmbiguous?: boolean;
  isWriteIn?: boolean;
  writeInText?: string;
  /** Dominion `MarkDensity`, in percent. */
  density?: number;
}

/** What one ballot says for one contest. */
export interface ContestVote {
  contestId: string;
  marks: CvrMark[];
  /** Positions (or ranks) the file reports as overvoted. */
  overvotes: number;
  /** Positions (or ranks) the file reports as left blank. */
  undervotes: number;
  /** Ranked contests in exports that write `overvote` in a rank's cell (ES&S): those ranks. */
  overvotedRanks?: number[];
  /** Codes the tabulator attached (Dominion outstack conditions resolved to names). */
  conditions?: string[];
}

/** One reading of a ballot: Dominion keeps the tabulator's and the adjudicated one apart. */
export interface CvrVersion {
  precinctPortion?: string;
  style?: string;
  contests: ContestVote[];
}

/** Where a ballot came from, so that every problem and comparison can point at it. */
export interface CvrLocation {
  file: string;
  /** 1-based line of a CSV or row of a sheet. */
  row?: number;
  /** Index of the session or sheet inside the file. */
  index?: number;
}

/** One ballot (or sheet) in the normalised model shared by every format. */
export interface CvrBallot {
  /** Unique within the export: `tabulator-batch-record` where the format has them. */
  id: string;
  source: CvrLocation;
  cvrNumber?: string;
  tabulator?: string;
  batch?: string;
  record?: string;
  imprintedId?: string;
  /** 1-based sheet (card) of a multi-sheet ballot, when the format says. */
  sheet?: number;
  countingGroup?: string;
  precinct?: string;
  precinctPortion?: string;
  style?: string;
  /** The contests in force: the adjudicated version where there is one. */
  contests: ContestVote[];
  /** Dominion JSON: the tabulator's reading and, if adjudicated, the modified one. */
  versions?: {
    original: CvrVersion;
    adjudicated?: CvrVersion;
    current: 'original' | 'adjudicated';
  };
  /** Set when this ballot repeats an id met earlier (that ballot's location). */
  duplicateOf?: CvrLocation;
}

/**
 * Votes an export gives only as counts for a group of ballots, with no record per ballot
 * (Dominion CSV rows labelled `Redacted & Aggregated` where a county hid small groups). They
 * count in the tallies but make no ballot and cannot be compared with an image.
 */
export interface CvrAggregate {
  source: CvrLocation;
  /** The row's label as the export writes it. */
  label: string;
  /** Ballots the group stands for, when the label says (`Redacted and Consolidated 10 Ballots`). */
  ballots?: number;
  countingGroup?: string;
  precinctPortion?: string;
  style?: string;
  /** The contests the row has counts for, each option with its count (per rank if ranked). */
  contests: { contestId: string; options: { optionId: string; votes: number; rank?: number }[] }[];
  /** All the row's counts added up. */
  votes: number;
}

/** Election-level facts an export states in its header. */
export interface CvrElectionInfo {
  name?: string;
  version?: string;
}

export type CvrProblemCode =
  | 'unknown-layout'
  | 'malformed-header'
  | 'malformed-row'
  | 'unknown-contest'
  | 'unknown-option'
  | 'duplicate-ballot'
  | 'record-gap'
  | 'missing-record'
  | 'missing-ballot-entry'
  | 'manifest-malformed-row'
  | 'manifest-duplicate-batch'
  | 'batch-not-in-manifest'
  | 'batch-not-in-cvr'
  | 'batch-count-mismatch'
  | 'unreadable-file';

/** Something wrong with the input, named by file and row so that a person can find it. */
export interface CvrProblem {
  code: CvrProblemCode;
  severity: 'error' | 'warning';
  file: string;
  row?: number;
  message: string;
}
