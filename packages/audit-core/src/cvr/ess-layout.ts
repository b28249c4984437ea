import { ContestBook } from './contest-book.js';
import type { ContestDefinition, ContestVote, CvrBallot } from './model.js';

/** A contest column of an ES&S CVR: ranked exports have one column per rank. */
interface EssColumn {
  index: number;
  contest: ContestDefinition;
  rank: number;
}

export interface EssLayout {
  book: ContestBook;
  columns: EssColumn[];
  idColumn: number;
  precinctColumn: number;
  styleColumn: number;
  /** `Tabulator CVR`, which some exports carry in the CVR itself; -1 when absent. */
  tabulatorCvrColumn: number;
}

const RANKED_HEADER = /^(.*?) Choice (\d+) \((\d+)\)$/;
/** Columns of a CVR that are about the ballot, not a contest (as ballots files name them too). */
const METADATA: ReadonlySet<string> = new Set([
  'cast vote record',
  'precinct',
  'precinct id',
  'ballot style',
  'tabulator cvr',
]);

/** Reads the header row; a contest named in several columns is a vote-for-N or ranked contest. */
export function parseEssHeader(header: string[]): EssLayout | string {
  const names = header.map((cell) => cell.trim());
  const idColumn = names.findIndex((name) => name.toLowerCase() === 'cast vote record');
  if (idColumn < 0) return 'the header has no "Cast Vote Record" column';
  const book = new ContestBook();
  const columns: EssColumn[] = [];
  names.forEach((name, index) => {
    // Contests follow the record's own columns; any column before Cast Vote Record is not one.
    if (index < idColumn || name === '' || METADATA.has(name.toLowerCase())) return;
    const ranked = RANKED_HEADER.exec(name);
    const contestName = ranked ? (ranked[1] ?? name) : name;
    const known = book.contests.some((contest) => contest.id === contestName);
    const contest = book.contest(contestName, contestName, 1, 0);
    const rank = ranked ? Number(ranked[2]) : 1;
    if (ranked) contest.ranks = Math.max(contest.ranks, rank);
    else if (known) contest.voteFor += 1;
    columns.push({ index, contest, rank });
  });
  return {
    book,
    columns,
    idColumn,
    precinctColumn: names.findIndex((name) => name.toLowerCase() === 'precinct'),
    styleColumn: names.findIndex((name) => name.toLowerCase() === 'ballot style'),
    tabulatorCvrColumn: names.findIndex((name) => name.toLowerCase() === 'tabulator cvr'),
  };
}

/** Turns one data row into a ballot; cells hold option names, `undervote` or `overvote`. */
export function essRowToBallot(
  file: string,
  line: number,
  cells: string[],
  layout: EssLayout,
): CvrBallot {
  const votes = new Map<string, ContestVote>();
  for (const column of layout.columns) {
    const value = cells[column.index]?.trim() ?? '';
    if (value === '') continue;
    let vote = votes.get(column.contest.id);
    if (!vote) {
      vote = { contestId: column.contest.id, marks: [], overvotes: 0, undervotes: 0 };
      votes.set(column.contest.id, vote);
    }
    const lower = value.toLowerCase();
    if (lower === 'undervote') vote.undervotes += 1;
    else if (lower === 'overvote') {
      vote.overvotes += 1;
      if (column.contest.ranks > 0) (vote.overvotedRanks ??= []).push(column.rank);
    } else {
      const isWriteIn = /^write-?\s?in/i.test(value);
      layout.book.option(column.contest, {
        id: value,
        name: value,
        ...(isWriteIn ? { isWriteIn } : {}),
      });
      vote.marks.push({
        optionId: value,
        rank: column.rank,
        isVote: true,
        ...(isWriteIn ? { isWriteIn } : {}),
      });
    }
  }
  const cell = (index: number): string | undefined => {
    const value = index < 0 ? '' : (cells[index]?.trim() ?? '');
    return value === '' ? undefined : value;
  };
  const cvrNumber = cell(layout.idColumn);
  const ballot: CvrBallot = {
    id: cvrNumber ?? `row ${line}`,
    source: { file, row: line },
    cvrNumber,
    precinct: cell(layout.precinctColumn),
    style: cell(layout.styleColumn),
    contests: [...votes.values()],
  };
  // A 10-digit Tabulator CVR is 4 digits of tabulator and 6 of record, as in ballots files.
  const tabulatorCvr = cell(layout.tabulatorCvrColumn);
  if (tabulatorCvr !== undefined && /^\d{10}$/.test(tabulatorCvr)) {
    ballot.tabulator = String(Number(tabulatorCvr.slice(0, 4)));
    ballot.record = String(Number(tabulatorCvr.slice(4)));
  }
  return ballot;
}
