import type { ContestDefinition, CvrElectionInfo } from './model.js';

/** Metadata columns of a Dominion CVR_Export, by the lower-cased header Dominion writes. */
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
}

export interface DominionCsvLayout {
  election: CvrElectionInfo;
  contests: ContestDefinition[];
  fields: Map<DominionField, number>;
  columns: DominionColumn[];
  width: number;
}

const CONTEST_HEADER = /^(.*?)\s*\(Vote For=(\d+)\)\s*$/;
const FIELDS: ReadonlySet<string> = new Set(DOMINION_FIELDS);

/** Reads the four header rows; returns an error message naming the row when they do not fit. */
export function parseDominionHeader(rows: string[][]): DominionCsvLayout | string {
  const [first = [], contestRow = [], choiceRow = [], fieldRow = []] = rows;
  if (fieldRow[0]?.trim() !== 'CvrNumber') return 'row 4 does not start with CvrNumber';
  const fields = new Map<DominionField, number>();
  const contests: ContestDefinition[] = [];
  const columns: DominionColumn[] = [];
  const width = Math.max(contestRow.length, choiceRow.length, fieldRow.length);
  for (let index = 0; index < width; index += 1) {
    const contestCell = contestRow[index]?.trim() ?? '';
    if (contestCell === '') {
      const name = fieldRow[index]?.trim().toLowerCase() ?? '';
      if (FIELDS.has(name)) fields.set(name as DominionField, index);
      continue;
    }
    const match = CONTEST_HEADER.exec(contestCell);
    if (!match) return `row 2 column ${index + 1}: "${contestCell}" is not "Name (Vote For=N)"`;
    const name = match[1] ?? '';
    let contest = contests.at(-1);
    if (contest?.name !== name) {
      contest = { id: name, name, voteFor: Number(match[2]), ranks: 0, options: [] };
      contests.push(contest);
    }
    const choice = choiceRow[index]?.trim() ?? '';
    let optionId = choice;
    // Two write-in lines share one label; keep them apart.
    for (let n = 2; contest.options.some((option) => option.id === optionId); n += 1) {
      optionId = `${choice} #${n}`;
    }
    const party = fieldRow[index]?.trim() ?? '';
    const isWriteIn = /^write-?\s?in/i.test(choice);
    contest.options.push({
      id: optionId,
      name: choice,
      ...(party ? { party } : {}),
      ...(isWriteIn ? { isWriteIn } : {}),
    });
    columns.push({ index, contest, optionId, isWriteIn });
  }
  if (columns.length === 0) return 'row 2 names no contest';
  const election = { name: first[0] ?? '', version: first[1] ?? '' };
  return { election, contests, fields, columns, width };
}
