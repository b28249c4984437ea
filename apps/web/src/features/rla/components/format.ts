/** A fraction as a percent with two decimals. */
export const percent = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** A risk (p-value) as people read it: four decimals, or below one in ten thousand. */
export const riskText = (p: number): string => (p > 0 && p < 0.0001 ? '< 0.0001' : p.toFixed(4));

/** Votes as names, or what their absence means. */
export function votesText(
  votes: string[] | undefined | null,
  names: Map<string, string>,
  notFound = false,
): string {
  if (notFound) return 'Ballot not found';
  if (!votes || votes.length === 0) return 'No vote';
  return votes.map((v) => names.get(v) ?? v).join(', ');
}

/** A ballot's discrepancy in votes, named as ColoradoRLA and Arlo name them. */
export const DISCREPANCY_KIND: Record<string, string> = {
  '2': '2-vote overstatement',
  '1': '1-vote overstatement',
  '-1': '1-vote understatement',
  '-2': '2-vote understatement',
};
