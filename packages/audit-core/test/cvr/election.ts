import type { ContestDefinition, ContestVote, CvrBallot, CvrMark } from '../../src/cvr/index.js';

/** A small election whose ids differ from its names, so that round trips must resolve both. */
export const CONTESTS: ContestDefinition[] = [
  {
    id: 'c-mayor',
    name: 'Mayor',
    voteFor: 1,
    ranks: 0,
    options: [
      { id: 'o-lee', name: 'Ann Lee', party: 'DEM' },
      { id: 'o-bo', name: 'Bo Smith, Jr.', party: 'REP' },
      { id: 'o-wi', name: 'Write-in', isWriteIn: true },
    ],
  },
  {
    id: 'c-council',
    name: 'City Council',
    voteFor: 2,
    ranks: 0,
    options: [
      { id: 'o-1', name: 'Cal Diaz' },
      { id: 'o-2', name: 'Dee Ek' },
      { id: 'o-3', name: 'Flo Gray' },
    ],
  },
];

export const RANKED: ContestDefinition = {
  id: 'c-rcv',
  name: 'Sheriff',
  voteFor: 1,
  ranks: 3,
  options: [
    { id: 'o-x', name: 'Xi Yu' },
    { id: 'o-y', name: 'Yan Zo' },
    { id: 'o-z', name: 'Zed Al' },
  ],
};

const mark = (optionId: string, rank = 1): CvrMark => ({ optionId, rank, isVote: true });

function vote(contest: ContestDefinition, marks: CvrMark[]): ContestVote {
  if (contest.ranks > 0) {
    const ranks = new Map<number, number>();
    marks.forEach((m) => ranks.set(m.rank, (ranks.get(m.rank) ?? 0) + 1));
    const overvotes = [...ranks.values()].filter((n) => n > 1).length;
    return { contestId: contest.id, marks, overvotes, undervotes: contest.ranks - ranks.size };
  }
  const over = marks.length > contest.voteFor;
  return {
    contestId: contest.id,
    marks,
    overvotes: over ? contest.voteFor : 0,
    undervotes: over ? 0 : contest.voteFor - marks.length,
  };
}

/** Ballots with votes, blanks, overvotes, a missing contest (style B) and optional ranks. */
export function makeBallots(count: number, withRanked = false): CvrBallot[] {
  const [mayor, council] = CONTESTS as [ContestDefinition, ContestDefinition];
  const mayorChoices = [['o-lee'], ['o-bo'], [], ['o-lee', 'o-bo'], ['o-wi']];
  const councilChoices = [['o-1', 'o-2'], ['o-3'], [], ['o-1', 'o-2', 'o-3'], ['o-2']];
  const rankings = [['o-x', 'o-y', 'o-z'], ['o-y'], [], ['o-z', 'o-x']];
  return Array.from({ length: count }, (_, i) => {
    const styleB = i % 4 === 3;
    const contests = [
      vote(
        mayor,
        (mayorChoices[i % 5] ?? []).map((id) => mark(id)),
      ),
    ];
    if (!styleB)
      contests.push(
        vote(
          council,
          (councilChoices[(i * 3) % 5] ?? []).map((id) => mark(id)),
        ),
      );
    if (withRanked) {
      const marks = (rankings[i % 4] ?? []).map((id, r) => mark(id, r + 1));
      if (i % 7 === 6) marks.push(mark('o-y', 1)); // an overvoted first rank
      contests.push(vote(RANKED, marks));
    }
    const tabulator = String(1 + (i % 2));
    const batch = String(10 + Math.floor(i / 10));
    const record = String(i + 1);
    return {
      id: `${tabulator}-${batch}-${record}`,
      source: { file: 'generated' },
      cvrNumber: String(i + 1),
      tabulator,
      batch,
      record,
      countingGroup: i % 3 === 0 ? 'Mail' : 'Election Day',
      precinct: `P${1 + (i % 3)}`,
      precinctPortion: `Portion ${1 + (i % 3)}`,
      style: styleB ? 'B' : 'A',
      contests,
    };
  });
}

/** A ballot's votes by contest and option names, as a person would compare them. */
export function votesByName(
  ballot: CvrBallot,
  contests: ContestDefinition[],
  contestsOf: (b: CvrBallot) => ContestVote[] = (b) => b.contests,
): Record<string, { marks: string[]; overvotes: number; undervotes: number }> {
  const out: Record<string, { marks: string[]; overvotes: number; undervotes: number }> = {};
  for (const vote of contestsOf(ballot)) {
    const contest = contests.find((c) => c.id === vote.contestId);
    const name = contest?.name ?? `?${vote.contestId}`;
    const option = (id: string): string =>
      contest?.options.find((o) => o.id === id)?.name ?? `?${id}`;
    out[name] = {
      marks: vote.marks.map((m) => `${option(m.optionId)}@${m.rank}`).sort(),
      overvotes: vote.overvotes,
      undervotes: vote.undervotes,
    };
  }
  return out;
}
