import type { ContestDefinition, CvrElectionInfo } from './model.js';

/**
 * Metadata columns of a Dominion CVR_Export, by the lower-cased header Dominion writes. The
 * counting group may also come as `NotCountingGroup`: Colorado's audit software refuses a
 * `CountingGroup` column, and exports prepared for it carry the same values under that name.
 */
export const DOMINION_FIELDS = [
  'cvrnumber',
  'tabulatornum',
  'batchid',
  'recordid',
  'imprintedid',
  'countinggroup',
  'precinctportion',
  'ballottype',
] as const;
export type DominionField = (typeof DOMINION_FIELDS)[number];

/** A choice column: which contest and option a `0`/`1` cell speaks for. */
export interface DominionColumn {
  index: number;
  contest: ContestDefinition;
  optionId: string;
  isWriteIn: boolean;
  /** The rank a `1` gives in a ranked contest; 1 otherwise. */
  rank: number;
}

export interface DominionCsvLayout {
  election: CvrElectionInfo;
  contests: ContestDefinition[];
  fields: Map<DominionField, number>;
  columns: DominionColumn[];
  width: number;
}

const CONTEST_HEADER = /^(.*?)\s*\(Vote For=(\d+)\)\s*$/;
/** Ranked contests (Dominion 5.10 and later): `Mayor (Number of positions=1, Number of ranks=4)`. */
const RANKED_HEADER = /^(.*?)\s*\(Number of positions=(\d+),\s*Number of ranks=(\d+)\)\s*$/;
const RANKED_CHOICE = /^(.*?)\s*\((\d+)\)$/;

/** A contest cell's name, vote-for and ranks (0 when not ranked), or undefined. */
function readContestHeading(
  cell: string,
): { name: string; voteFor: number; ranks: number } | undefined {
  const ranked = RANKED_HEADER.exec(cell);
  if (ranked) {
    const ranks = Number(ranked[3]);
    if (ranks > 0) return { name: ranked[1] ?? '', voteFor: Number(ranked[2]), ranks };
  }
  const plain = CONTEST_HEADER.exec(cell);
  return plain ? { name: plain[1] ?? '', voteFor: Number(plain[2]), ranks: 0 } : undefined;
}
const FIELDS: ReadonlySet<string> = new Set(DOMINION_FIELDS);

/** Reads the four header rows; returns an error message naming the row when they do not fit. */
export function parseDominionHeader(rows: string[][]): DominionCsvLayout | string {
  const [first = [], contestRow = [], choiceRow = [], fieldRow = []] = rows;
  if (fieldRow[0]?.trim() !== 'CvrNumber') return 'row 4 does not start with CvrNumber';
  const fields = new Map<DominionField, number>();
  const contests: ContestDefinition[] = [];
  const columns: DominionColumn[] = [];
  /** Per ranked contest, the `rank optionId` pairs given a column so far. */
  const rankIds = new Map<ContestDefinition, Set<string>>();
  const width = Math.max(contestRow.length, choiceRow.length, fieldRow.length);
  for (let index = 0; index < width; index += 1) {
    const contestCell = contestRow[index]?.trim() ?? '';
    if (contestCell === '') {
      const name = fieldRow[index]?.trim().toLowerCase() ?? '';
      if (FIELDS.has(name)) fields.set(name as DominionField, index);
      else if (name === 'notcountinggroup' && !fields.has('countinggroup'))
        fields.set('countinggroup', index);
      continue;
    }
    const heading = readContestHeading(contestCell);
    if (!heading)
      return `row 2 column ${index + 1}: "${contestCell}" is not "Name (Vote For=N)" or "Name (Number of positions=N, Number of ranks=R)"`;
    let contest = contests.at(-1);
    if (contest?.name !== heading.name || contest.ranks !== heading.ranks) {
      const { name, voteFor, ranks } = heading;
      contest = { id: name, name, voteFor, ranks, options: [] };
      contests.push(contest);
    }
    const label = choiceRow[index]?.trim() ?? '';
    // A ranked contest has a column per candidate and rank: `Ann Lee(2)`.
    const ranked = contest.ranks > 0 ? RANKED_CHOICE.exec(label) : undefined;
    if (contest.ranks > 0 && !ranked)
      return `row 3 column ${index + 1}: "${label}" is not "Name(rank)" as a ranked contest's choice`;
    const choice = ranked ? (ranked[1] ?? '').trim() : label;
    const rank = ranked ? Number(ranked[2]) : 1;
    const party = fieldRow[index]?.trim() ?? '';
    const isWriteIn = /^write-?\s?in/i.test(choice);
    let optionId = choice;
    if (ranked) {
      // Each rank repeats the candidates: one option per candidate, its columns one per rank.
      let taken = rankIds.get(contest);
      if (!taken) {
        taken = new Set();
        rankIds.set(contest, taken);
      }
      for (let n = 2; taken.has(`${rank} ${optionId}`); n += 1) optionId = `${choice} #${n}`;
      taken.add(`${rank} ${optionId}`);
    } else {
      // Two write-in lines share one label; keep them apart.
      for (let n = 2; contest.options.some((option) => option.id === optionId); n += 1) {
        optionId = `${choice} #${n}`;
      }
    }
    if (!contest.options.some((option) => option.id === optionId))
      contest.options.push({
        id: optionId,
        name: choice,
        ...(party ? { party } : {}),
        ...(isWriteIn ? { isWriteIn } : {}),
      });
    columns.push({ index, contest, optionId, isWriteIn, rank });
  }
  if (columns.length === 0) return 'row 2 names no contest';
  const election = { name: first[0] ?? '', version: first[1] ?? '' };
  return { election, contests, fields, columns, width };
}
