import type { DominionLookup } from './dominion-json-manifests.js';
import type { DominionContest, DominionSession, DominionVersion } from './dominion-json-types.js';
import type { ContestVote, CvrBallot, CvrMark, CvrVersion } from './model.js';
import type { ProblemLog } from './reader.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Releases before cards (as RCTab reads them too) list a version's contests in it directly. */
function isVersion(value: unknown): value is DominionVersion {
  return isRecord(value) && (Array.isArray(value.Cards) || Array.isArray(value.Contests));
}

/** Checks the fields the model relies on; returns what is wrong, or the session. */
export function checkSession(value: unknown): DominionSession | string {
  if (!isRecord(value)) return 'is not an object';
  for (const key of ['TabulatorId', 'BatchId', 'RecordId'] as const) {
    if (typeof value[key] !== 'number') return `has no numeric ${key}`;
  }
  if (!isVersion(value.Original)) return 'has no Original with Cards or Contests';
  if (value.Modified !== undefined && !isVersion(value.Modified))
    return 'has a Modified without Cards or Contests';
  return value as unknown as DominionSession;
}

/** Turns a checked session into a ballot, resolving every id through the manifests. */
export function sessionToBallot(
  session: DominionSession,
  lookup: DominionLookup,
  where: { file: string; index: number },
  log: ProblemLog,
): CvrBallot {
  const original = toVersion(session.Original, lookup, where, log);
  const adjudicated = session.Modified
    ? toVersion(session.Modified, lookup, where, log)
    : undefined;
  const current = adjudicated && session.Modified?.IsCurrent ? 'adjudicated' : 'original';
  const inForce = current === 'adjudicated' && adjudicated ? adjudicated : original;
  const version =
    current === 'adjudicated' && session.Modified ? session.Modified : session.Original;
  const portion = lookup.portions.get(version.PrecinctPortionId);
  const cards = version.Cards ?? [];
  const tabulator = String(session.TabulatorId);
  const batch = String(session.BatchId);
  const record = String(session.RecordId);
  // Fields set one by one in this order, not spread: spreads in the middle of a literal build
  // each of a county's million ballots the slow way.
  const ballot = {
    id: `${tabulator}-${batch}-${record}`,
    source: { file: where.file, index: where.index },
    tabulator,
    batch,
    record,
  } as CvrBallot;
  const card = cards.length === 1 ? cards[0] : undefined;
  if (card) ballot.sheet = card.PaperIndex + 1;
  ballot.countingGroup =
    lookup.countingGroups.get(session.CountingGroupId) ?? String(session.CountingGroupId);
  if (portion?.PrecinctId !== undefined) ballot.precinct = String(portion.PrecinctId);
  ballot.precinctPortion = inForce.precinctPortion;
  ballot.style = inForce.style;
  ballot.contests = inForce.contests;
  ballot.versions = adjudicated ? { original, adjudicated, current } : { original, current };
  return ballot;
}

// Loops rather than closures here and below: a county has millions of sessions.
function toVersion(
  version: DominionVersion,
  lookup: DominionLookup,
  where: { file: string; index: number },
  log: ProblemLog,
): CvrVersion {
  const portion = lookup.portions.get(version.PrecinctPortionId);
  const contests: ContestVote[] = [];
  if (version.Cards) {
    for (const card of version.Cards) {
      for (const contest of card.Contests)
        contests.push(toContestVote(contest, lookup, where, log));
    }
  }
  for (const contest of version.Contests ?? [])
    contests.push(toContestVote(contest, lookup, where, log));
  return {
    precinctPortion: portion?.Description ?? String(version.PrecinctPortionId),
    style: lookup.ballotTypes.get(version.BallotTypeId) ?? String(version.BallotTypeId),
    contests,
  };
}

function toContestVote(
  contest: DominionContest,
  lookup: DominionLookup,
  where: { file: string; index: number },
  log: ProblemLog,
): ContestVote {
  const definition = lookup.contestById.get(contest.Id);
  if (!definition) {
    log.warn(
      'unknown-contest',
      where.file,
      undefined,
      `${sessionAt(where)}: contest ${contest.Id} is not in ContestManifest`,
    );
  }
  const marks: CvrMark[] = [];
  for (const mark of contest.Marks) {
    const candidate = lookup.candidateById.get(mark.CandidateId);
    if (!candidate) {
      log.warn(
        'unknown-option',
        where.file,
        undefined,
        `${sessionAt(where)}: candidate ${mark.CandidateId} is not in CandidateManifest`,
      );
    }
    // Set one by one, not spread: a county has millions of marks.
    const out: CvrMark = {
      optionId: candidate ? candidate.option.id : String(mark.CandidateId),
      rank: mark.Rank,
      isVote: mark.IsVote,
    };
    if (mark.IsAmbiguous) out.isAmbiguous = true;
    if (candidate?.option.isWriteIn) out.isWriteIn = true;
    if (mark.MarkDensity !== undefined) out.density = mark.MarkDensity;
    marks.push(out);
  }
  const vote: ContestVote = {
    contestId: definition ? definition.id : String(contest.Id),
    marks,
    overvotes: contest.Overvotes,
    undervotes: contest.Undervotes,
  };
  const ids = contest.OutstackConditionIds;
  if (ids && ids.length > 0) {
    vote.conditions = ids.map((id) => lookup.conditions.get(id) ?? String(id));
  }
  return vote;
}

function sessionAt(where: { file: string; index: number }): string {
  return `${where.file} session ${where.index + 1}`;
}
