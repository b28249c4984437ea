/** The shapes of a Dominion JSON export (EMS 5.x), as far as the readers and writers use them. */

export interface DominionManifestItem {
  Description: string;
  Id: number;
  ExternalId?: string;
}

export interface DominionContestItem extends DominionManifestItem {
  DistrictId?: number;
  VoteFor: number;
  NumOfRanks: number;
  NumOfWriteins?: number;
  Disabled?: number;
  Type?: string;
}

export interface DominionCandidateItem extends DominionManifestItem {
  ContestId: number;
  Type: string;
  Disabled?: number;
  Affiliations?: number[];
}

export interface DominionPortionItem extends DominionManifestItem {
  PrecinctId?: number;
}

export interface DominionManifest<T> {
  Version: string;
  List: T[];
}

export interface DominionMark {
  CandidateId: number;
  ManifestationId?: number;
  PartyId?: number;
  Rank: number;
  MarkDensity?: number;
  IsAmbiguous: boolean;
  IsVote: boolean;
  OutstackConditionIds?: number[];
}

export interface DominionContest {
  Id: number;
  ManifestationId?: number;
  Undervotes: number;
  Overvotes: number;
  OutstackConditionIds?: number[];
  Marks: DominionMark[];
}

export interface DominionCard {
  Id: number;
  KeyInId?: number;
  PaperIndex: number;
  Contests: DominionContest[];
  OutstackConditionIds?: number[];
}

/** A reading of a session: its contests by card, or (earlier releases) in one list. */
export interface DominionVersion {
  PrecinctPortionId: number;
  BallotTypeId: number;
  IsCurrent: boolean;
  Cards?: DominionCard[];
  Contests?: DominionContest[];
}

export interface DominionSession {
  TabulatorId: number;
  BatchId: number;
  RecordId: number;
  CountingGroupId: number;
  ImageMask?: string;
  SessionType?: string;
  VotingSessionIdentifier?: string;
  UniqueVotingIdentifier?: string;
  Original: DominionVersion;
  Modified?: DominionVersion;
}

export interface DominionExport {
  Version: string;
  ElectionId: string;
  Sessions: DominionSession[];
}

/** The manifest files an export carries beside its `CvrExport*.json` files. */
export const DOMINION_MANIFESTS = {
  contests: 'ContestManifest.json',
  candidates: 'CandidateManifest.json',
  ballotTypes: 'BallotTypeManifest.json',
  precinctPortions: 'PrecinctPortionManifest.json',
  outstackConditions: 'OutstackConditionManifest.json',
  countingGroups: 'CountingGroupManifest.json',
  parties: 'PartyManifest.json',
} as const;

export type DominionManifestKind = keyof typeof DOMINION_MANIFESTS;
