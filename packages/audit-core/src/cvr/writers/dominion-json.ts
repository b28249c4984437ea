import type { DominionContest, DominionSession, DominionVersion } from '../dominion-json-types.js';
import type { ContestDefinition, ContestVote, CvrBallot, CvrVersion } from '../model.js';
import { DescriptionIds, NumericIds, OUTSTACK_CONDITIONS } from './dominion-json-ids.js';
import type { CvrSink, CvrWriteInput } from './sink.js';

export interface DominionJsonOptions {
  /** Sessions per `CvrExport_<n>.json` file (Dominion splits by batch; we split by count). */
  sessionsPerFile?: number;
  electionId?: string;
}

interface WriterState {
  contests: NumericIds;
  candidates: NumericIds;
  machine: NumericIds;
  ballotTypes: DescriptionIds;
  portions: DescriptionIds;
  groups: DescriptionIds;
  conditions: Map<string, number>;
}

/**
 * Writes a Dominion JSON export through a sink: `CvrExport_<n>.json` files streamed session by
 * session, then the manifests (Contest, Candidate, BallotType, PrecinctPortion, CountingGroup,
 * OutstackCondition, Party) describing every id the sessions used.
 */
export async function writeDominionJson(
  input: CvrWriteInput,
  sink: CvrSink,
  options: DominionJsonOptions = {},
): Promise<void> {
  const version = input.election?.version || '5.17.18.1';
  const state: WriterState = {
    contests: new NumericIds(),
    candidates: new NumericIds(),
    machine: new NumericIds(),
    ballotTypes: new DescriptionIds(),
    portions: new DescriptionIds(),
    groups: new DescriptionIds(),
    conditions: new Map(OUTSTACK_CONDITIONS.map((c) => [c.Description, c.Id])),
  };
  const perFile = options.sessionsPerFile ?? 1000;
  const ballots = toAsync(input.ballots);
  let pending = await ballots.next();
  for (let file = 1; !pending.done; file += 1) {
    const head = `{"Version":${JSON.stringify(version)},"ElectionId":${JSON.stringify(options.electionId ?? input.election?.name ?? '')},"Sessions":[`;
    async function* sessions(): AsyncGenerator<string> {
      yield head;
      for (let n = 0; n < perFile && !pending.done; n += 1) {
        yield (n > 0 ? ',' : '') + JSON.stringify(toSession(pending.value, state));
        pending = await ballots.next();
      }
      yield ']}';
    }
    await sink.write(`CvrExport_${file}.json`, sessions());
  }
  await writeManifests(input.contests, state, version, sink);
}

async function* toAsync<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* items;
}

function toSession(ballot: CvrBallot, state: WriterState): DominionSession {
  const original = ballot.versions?.original ?? ballot;
  const adjudicated = ballot.versions?.adjudicated;
  const isModifiedCurrent = ballot.versions?.current === 'adjudicated' && adjudicated !== undefined;
  const sheet = ballot.sheet ?? 1;
  return {
    TabulatorId: state.machine.id(ballot.tabulator ?? '0'),
    BatchId: state.machine.id(ballot.batch ?? '0'),
    RecordId: state.machine.id(ballot.record ?? ballot.cvrNumber ?? '0'),
    CountingGroupId: state.groups.id(ballot.countingGroup ?? 'Election Day'),
    ImageMask: '',
    SessionType: 'ScannedVote',
    Original: toVersion(original, sheet, !isModifiedCurrent, state),
    ...(adjudicated ? { Modified: toVersion(adjudicated, sheet, isModifiedCurrent, state) } : {}),
  };
}

function toVersion(
  version: CvrVersion,
  sheet: number,
  isCurrent: boolean,
  state: WriterState,
): DominionVersion {
  return {
    PrecinctPortionId: state.portions.id(version.precinctPortion ?? ''),
    BallotTypeId: state.ballotTypes.id(version.style ?? ''),
    IsCurrent: isCurrent,
    Cards: [
      {
        Id: sheet,
        PaperIndex: sheet - 1,
        Contests: version.contests.map((c) => toContest(c, state)),
      },
    ],
  };
}

function toContest(vote: ContestVote, state: WriterState): DominionContest {
  return {
    Id: state.contests.id(vote.contestId),
    Undervotes: vote.undervotes,
    Overvotes: vote.overvotes,
    OutstackConditionIds: (vote.conditions ?? []).flatMap(
      (name) => state.conditions.get(name) ?? [],
    ),
    Marks: vote.marks.map((mark) => ({
      CandidateId: state.candidates.id(mark.optionId),
      Rank: mark.rank,
      MarkDensity: mark.density ?? 100,
      IsAmbiguous: mark.isAmbiguous ?? false,
      IsVote: mark.isVote,
    })),
  };
}

async function writeManifests(
  contests: ContestDefinition[],
  state: WriterState,
  version: string,
  sink: CvrSink,
): Promise<void> {
  const manifest = (list: unknown[]): string => JSON.stringify({ Version: version, List: list });
  const parties = new DescriptionIds();
  await sink.write(
    'ContestManifest.json',
    manifest(
      contests.map((contest) => ({
        Description: contest.name,
        Id: state.contests.id(contest.id),
        ExternalId: '',
        VoteFor: contest.voteFor,
        NumOfRanks: contest.ranks,
        Disabled: 0,
      })),
    ),
  );
  await sink.write(
    'CandidateManifest.json',
    manifest(
      contests.flatMap((contest) =>
        contest.options.map((option) => ({
          Description: option.name,
          Id: state.candidates.id(option.id),
          ExternalId: '',
          ContestId: state.contests.id(contest.id),
          Type: option.isWriteIn ? 'WriteIn' : 'Regular',
          Disabled: 0,
          Affiliations: option.party ? [parties.id(option.party)] : [],
        })),
      ),
    ),
  );
  await sink.write('PartyManifest.json', manifest(parties.items));
  await sink.write('BallotTypeManifest.json', manifest(state.ballotTypes.items));
  await sink.write('PrecinctPortionManifest.json', manifest(state.portions.items));
  await sink.write('CountingGroupManifest.json', manifest(state.groups.items));
  await sink.write('OutstackConditionManifest.json', manifest(OUTSTACK_CONDITIONS));
}
