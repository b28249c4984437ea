/**
 * Whether a contest's outcome could change: one rule, used by every part of the report.
 *
 * A ballot gives at most one vote to each option, so settling one ballot in doubt can move the
 * difference between any two options by at most 2 votes (one taken from the last winner, one
 * given to the first loser). The outcome could change when 2 × the ballots still in doubt is
 * at least the margin between the last winner and the first loser of the audit's count (the
 * adjudicated totals), or when that count already elects someone the records do not.
 */

/** Votes per option, in any order. */
export type Totals = Map<string, number>;

/** Options sorted by votes, most first; ties keep the given order. */
export function ranked(totals: Totals): [string, number][] {
  return [...totals].sort((a, b) => b[1] - a[1]);
}

export interface Standing {
  winners: string[];
  /** The last winner and the first loser, with their votes, when the contest has a loser. */
  lastWinner?: [string, number];
  firstLoser?: [string, number];
  /** Votes between the last winner and the first loser; 0 is a tie. */
  margin: number;
}

export function standing(totals: Totals, voteFor: number): Standing {
  const order = ranked(totals);
  const lastWinner = order[voteFor - 1];
  const firstLoser = order[voteFor];
  return {
    winners: order.slice(0, voteFor).map(([id]) => id),
    ...(lastWinner ? { lastWinner } : {}),
    ...(firstLoser ? { firstLoser } : {}),
    margin: lastWinner && firstLoser ? lastWinner[1] - firstLoser[1] : (lastWinner?.[1] ?? 0),
  };
}

export interface Verdict {
  couldChange: boolean;
  /** The most the ballots in doubt could move the margin: 2 votes each. */
  swing: number;
  /** The audit's count elects someone the records do not. */
  winnersDiffer: boolean;
  /** The line the report prints beside the numbers. */
  reason: string;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Applies the rule to one contest: `reported` are the CVR totals, `audit` the adjudicated
 * totals, `inDoubt` the ballots holding the contest that are still unsettled.
 */
export function verdict(
  reported: Totals,
  audit: Totals,
  voteFor: number,
  inDoubt: number,
): Verdict {
  const byRecords = standing(reported, voteFor);
  const byAudit = standing(audit, voteFor);
  const swing = 2 * inDoubt;
  const winnersDiffer =
    byRecords.winners.length !== byAudit.winners.length ||
    byRecords.winners.some((w) => !byAudit.winners.includes(w));
  const doubt = `${plural(inDoubt, 'ballot')} in doubt could move the margin by up to ${plural(swing, 'vote')}`;
  if (!byAudit.firstLoser)
    return {
      couldChange: false,
      swing,
      winnersDiffer: false,
      reason: `no more options than seats: every option is elected`,
    };
  const closes = swing >= byAudit.margin;
  const margin = `the audit margin of ${plural(byAudit.margin, 'vote')}`;
  let reason: string;
  if (winnersDiffer)
    reason = `the adjudicated totals elect other winners than the records; ${doubt}`;
  else if (byAudit.margin === 0) reason = `the adjudicated totals are tied; ${doubt}`;
  else if (closes) reason = `${doubt}, at least ${margin}`;
  else reason = `${doubt}, less than ${margin}`;
  return { couldChange: winnersDiffer || closes, swing, winnersDiffer, reason };
}
