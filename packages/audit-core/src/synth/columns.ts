import type { SynthElection } from './election.js';

/** Where a contest would go in the column being filled, in inches down the card. */
export interface ColumnPlace {
  /** The contest's top if it stayed in this column, and the column's first top. */
  top: number;
  first: number;
  /** The lowest a contest may reach, and this contest's height. */
  bottom: number;
  tall: number;
  /** The height a column takes before giving way to the next. */
  share: number;
  isLast: boolean;
}

/**
 * Whether a contest starts the next column. Past its share a column gives way to the next,
 * except the last, which takes the rest; a contest set apart (`election.apart`) has a column of
 * its own, with a break before it and after it.
 */
export function startsColumn(
  election: Pick<SynthElection, 'apart'>,
  place: ColumnPlace,
  contestId: string,
  previousId: string | undefined,
): boolean {
  const { top, first, bottom, tall, share, isLast } = place;
  const apart = (id?: string): boolean => !!id && !!election.apart?.includes(id);
  return (
    top > first &&
    (top + tall > bottom ||
      (!isLast && top - first + tall > share + 0.2) ||
      apart(contestId) ||
      apart(previousId))
  );
}
