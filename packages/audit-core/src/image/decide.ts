import type { TargetMeaning, TemplateContest } from './template.js';

/** A target is a vote, blank, or gray: marginal, left for a person to decide. */
export type MarkDecision = 'vote' | 'blank' | 'gray';

/** Fill levels above the ballot's own blank level; between them a mark is gray. */
export interface Thresholds {
  vote: number;
  blank: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { vote: 0.3, blank: 0.1 };

/**
 * The ballot's blank level is the median fill of its emptier half, so a dirty or dark scan
 * raises both cut-offs with it; it is capped so that a ballot with every target voted is still
 * read against clean paper.
 */
export function blankLevel(fills: number[]): number {
  const sorted = [...fills].sort((p, q) => p - q);
  const lower = sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 2)));
  const median = lower[Math.floor(lower.length / 2)] ?? 0;
  return Math.min(Math.max(median, 0), 0.08);
}

export function decideMark(fill: number, baseline: number, t: Thresholds): MarkDecision {
  const above = fill - baseline;
  if (above >= t.vote) return 'vote';
  if (above < t.blank) return 'blank';
  return 'gray';
}

/** What a ballot says for one contest. */
export interface ContestReading {
  contestId: string;
  votes: string[];
  /** Options whose marks are marginal; the contest cannot be settled without a person. */
  gray: string[];
  isOvervote: boolean;
  undervotes: number;
}

export function readContests(
  contests: TemplateContest[],
  meanings: TargetMeaning[],
  decisions: MarkDecision[],
): ContestReading[] {
  return contests.map(({ id, voteFor }) => {
    const votes: string[] = [];
    const gray: string[] = [];
    meanings.forEach((m, i) => {
      if (m.contestId !== id) return;
      if (decisions[i] === 'vote') votes.push(m.optionId);
      if (decisions[i] === 'gray') gray.push(m.optionId);
    });
    const isOvervote = voteFor > 0 && votes.length > voteFor;
    const undervotes = voteFor > 0 && !isOvervote ? voteFor - votes.length : 0;
    return { contestId: id, votes, gray, isOvervote, undervotes };
  });
}
