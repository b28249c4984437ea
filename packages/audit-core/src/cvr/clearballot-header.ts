import { ContestBook } from './contest-book.js';
import type { ContestDefinition } from './model.js';

/** A Clear Ballot choice column: one option, at one rank for ranked contests. */
export interface ClearBallotColumn {
  index: number;
  contest: ContestDefinition;
  optionId: string;
  rank: number;
}

const WINNERS = /^Number of Winners (\d+)$/;
const CHOICE = /^Choice_(\d+)_\d+$/;

/**
 * Parses `Choice_<id>_<n>:<contest>[:<rank>]:Number of Winners N:<choice>:<party>`. The contest
 * and choice may hold commas (the header is quoted), so we anchor on the fixed parts.
 */
export function parseChoiceHeader(header: string):
  | {
      optionId: string;
      contest: string;
      rank?: number;
      voteFor: number;
      choice: string;
      party: string;
    }
  | undefined {
  const parts = header.split(':');
  const id = CHOICE.exec(parts[0] ?? '');
  const winnersAt = parts.findIndex((part) => WINNERS.test(part));
  if (!id || winnersAt < 2 || parts.length < winnersAt + 3) return undefined;
  let contestParts = parts.slice(1, winnersAt);
  const last = contestParts.at(-1) ?? '';
  const rank = contestParts.length > 1 && /^\d+$/.test(last) ? Number(last) : undefined;
  if (rank !== undefined) contestParts = contestParts.slice(0, -1);
  return {
    optionId: id[1] ?? '',
    contest: contestParts.join(':'),
    ...(rank !== undefined ? { rank } : {}),
    voteFor: Number(WINNERS.exec(parts[winnersAt] ?? '')?.[1] ?? 1),
    choice: parts.slice(winnersAt + 1, -1).join(':'),
    party: parts.at(-1) ?? '',
  };
}

/** Builds the contests and columns of a header row; returns a message when one does not parse. */
export function parseClearBallotHeader(
  header: string[],
): { book: ContestBook; columns: ClearBallotColumn[]; fields: Map<string, number> } | string {
  const book = new ContestBook();
  const columns: ClearBallotColumn[] = [];
  const fields = new Map<string, number>();
  for (const [index, cell] of header.entries()) {
    if (!cell.startsWith('Choice_')) {
      fields.set(cell.trim(), index);
      continue;
    }
    const parsed = parseChoiceHeader(cell);
    if (!parsed) return `column ${index + 1}: "${cell}" is not a Choice_ header`;
    const contest = book.contest(parsed.contest, parsed.contest, parsed.voteFor);
    if (parsed.rank !== undefined) contest.ranks = Math.max(contest.ranks, parsed.rank);
    const isWriteIn = /^write-?\s?in/i.test(parsed.choice);
    book.option(contest, {
      id: parsed.optionId,
      name: parsed.choice,
      ...(parsed.party ? { party: parsed.party } : {}),
      ...(isWriteIn ? { isWriteIn } : {}),
    });
    columns.push({ index, contest, optionId: parsed.optionId, rank: parsed.rank ?? 1 });
  }
  if (!fields.has('BallotID')) return 'no BallotID column';
  return { book, columns, fields };
}
