import { ContestBook } from './contest-book.js';
import type { ContestDefinition } from './model.js';

/** A Clear Ballot choice column: one option, at one rank for ranked contests. */
export interface ClearBallotColumn {
  index: number;
  contest: ContestDefinition;
  optionId: string;
  rank: number;
}

// ClearVote writes the vote rule as `Vote For N` or `Number of Winners N` depending on release.
const VOTE_RULE = /^\s*(?:Vote\s+For|Number\s+of\s+Winners|Vote\s+for\s+up\s+to)\s+(\d+)\s*$/i;
const CHOICE = /^Choice_(\d+)_\d+$/;
const RANK = /^\s*(?:Rank\s*)?(\d+)\s*$/i;

const SHAPE =
  'Choice_<id>_<n>:<contest>[:<rank>]:<Vote For N or Number of Winners N>:<choice>:<party>';

/** A choice header's parts, or what is wrong with it. */
export type ChoiceHeader =
  | {
      optionId: string;
      contest: string;
      rank?: number;
      voteFor: number;
      choice: string;
      party: string;
    }
  | { error: string };

/**
 * Parses `Choice_<id>_<n>:<contest>[:<rank>]:<vote rule>:<choice>:<party>`. The contest and
 * choice may hold commas and colons (the header is quoted), so we anchor on the fixed parts.
 */
export function parseChoiceHeader(header: string): ChoiceHeader {
  const parts = header.split(':');
  const id = CHOICE.exec(parts[0]?.trim() ?? '');
  if (!id) return { error: `"${parts[0] ?? ''}" is not Choice_<id>_<n>` };
  const ruleAt = parts.findIndex((part, i) => i >= 2 && VOTE_RULE.test(part));
  if (ruleAt < 0) return { error: 'it has no "Vote For N" or "Number of Winners N" part' };
  if (parts.length < ruleAt + 2) return { error: 'it has no choice after the vote rule' };
  // Without a party the choice is the last part.
  const hasParty = parts.length >= ruleAt + 3;
  let contestParts = parts.slice(1, ruleAt);
  const rankMatch = contestParts.length > 1 ? RANK.exec(contestParts.at(-1) ?? '') : null;
  const rank = rankMatch ? Number(rankMatch[1]) : undefined;
  if (rank !== undefined) contestParts = contestParts.slice(0, -1);
  return {
    optionId: id[1] ?? '',
    contest: contestParts.join(':').trim(),
    ...(rank !== undefined ? { rank } : {}),
    voteFor: Number(VOTE_RULE.exec(parts[ruleAt] ?? '')?.[1] ?? 1),
    choice: parts
      .slice(ruleAt + 1, hasParty ? -1 : undefined)
      .join(':')
      .trim(),
    party: hasParty ? (parts.at(-1)?.trim() ?? '') : '',
  };
}

/**
 * Builds the contests and columns of a header row; returns a message when one does not parse.
 * In a ranked contest each rank has its own column, and some exports give each such column its
 * own `Choice_` id: the columns are tied back to one option by choice name and party.
 */
export function parseClearBallotHeader(
  header: string[],
): { book: ContestBook; columns: ClearBallotColumn[]; fields: Map<string, number> } | string {
  const book = new ContestBook();
  const columns: ClearBallotColumn[] = [];
  const fields = new Map<string, number>();
  const byName = new Map<string, string>();
  for (const [index, cell] of header.entries()) {
    if (!cell.trim().startsWith('Choice_')) {
      fields.set(cell.trim(), index);
      continue;
    }
    const parsed = parseChoiceHeader(cell);
    if ('error' in parsed)
      return `column ${index + 1} "${cell}" is not understood: ${parsed.error} (expected ${SHAPE})`;
    const contest = book.contest(parsed.contest, parsed.contest, parsed.voteFor);
    if (parsed.rank !== undefined) contest.ranks = Math.max(contest.ranks, parsed.rank);
    const nameKey = `${parsed.contest}\u0000${parsed.choice}\u0000${parsed.party}`;
    const optionId =
      parsed.rank !== undefined ? (byName.get(nameKey) ?? parsed.optionId) : parsed.optionId;
    byName.set(nameKey, optionId);
    const isWriteIn = /^write-?\s?in/i.test(parsed.choice);
    book.option(contest, {
      id: optionId,
      name: parsed.choice,
      ...(parsed.party ? { party: parsed.party } : {}),
      ...(isWriteIn ? { isWriteIn } : {}),
    });
    columns.push({ index, contest, optionId, rank: parsed.rank ?? 1 });
  }
  if (!fields.has('BallotID')) return 'the header has no BallotID column';
  if (columns.length === 0) return 'the header has no Choice_ column';
  return { book, columns, fields };
}
