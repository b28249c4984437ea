import type { ContestDefinition, CvrBallot } from '../model.js';
import { csvCell, csvLine, type CvrWriteInput } from './sink.js';

const FIELDS = [
  'CvrNumber',
  'TabulatorNum',
  'BatchId',
  'RecordId',
  'ImprintedId',
  'CountingGroup',
  'PrecinctPortion',
  'BallotType',
];

/** Dominion writes metadata Excel-style (`="0123"`) so that spreadsheets keep leading zeros. */
function excelCell(value: string): string {
  return /[",\r\n]/.test(value) ? csvCell(value) : `="${value}"`;
}

/**
 * Writes a Dominion CVR_Export CSV as a text stream: four header rows, then one row per ballot
 * with `0`/`1` per choice and blank cells for contests not on the ballot. This layout has no
 * ranks, so a ranked contest is refused.
 */
export async function* writeDominionCsv(input: CvrWriteInput): AsyncGenerator<string> {
  const ranked = input.contests.find((contest) => contest.ranks > 0);
  if (ranked) throw new Error(`Dominion CSV cannot hold ranked contest "${ranked.name}"`);
  const options = input.contests.flatMap((contest) =>
    contest.options.map((option) => ({ contest, option })),
  );
  const pad = (cells: string[]): string[] => [...FIELDS.map(() => ''), ...cells];
  const { name = '', version = '' } = input.election ?? {};
  const blanks = Array.from({ length: FIELDS.length + options.length - 2 }, () => '');
  yield csvLine([name, version, ...blanks]);
  yield csvLine(pad(options.map(({ contest }) => `${contest.name} (Vote For=${contest.voteFor})`)));
  yield csvLine(pad(options.map(({ option }) => option.name)));
  yield csvLine([...FIELDS, ...options.map(({ option }) => option.party ?? '')]);
  let count = 0;
  for await (const ballot of input.ballots) {
    count += 1;
    yield `${[...metadata(ballot, count).map(excelCell), ...choiceCells(ballot, input.contests)].join(',')}\r\n`;
  }
}

function metadata(ballot: CvrBallot, count: number): string[] {
  const { tabulator = '', batch = '', record = '' } = ballot;
  return [
    ballot.cvrNumber ?? String(count),
    tabulator,
    batch,
    record,
    ballot.imprintedId ?? `${tabulator}-${batch}-${record}`,
    ballot.countingGroup ?? '',
    ballot.precinctPortion ?? '',
    ballot.style ?? '',
  ];
}

function choiceCells(ballot: CvrBallot, contests: ContestDefinition[]): string[] {
  const votes = new Map(ballot.contests.map((vote) => [vote.contestId, vote]));
  return contests.flatMap((contest) => {
    const vote = votes.get(contest.id);
    if (!vote) return contest.options.map(() => '');
    const marked = new Set(vote.marks.filter((m) => m.isVote).map((m) => m.optionId));
    return contest.options.map((option) => (marked.has(option.id) ? '1' : '0'));
  });
}
