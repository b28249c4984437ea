/**
 * Funding progress as a percentage: received / requested * 100, and 0 when the request is
 * zero or not a number (the spec's rule for the radial progress and the admin progress bar).
 */
export function donationProgress(received: unknown, requested: unknown): number {
  const want = Number(requested);
  const got = Number(received);
  if (requested === null || requested === '' || !Number.isFinite(want) || want === 0) return 0;
  if (!Number.isFinite(got)) return 0;
  return (got / want) * 100;
}

/** The admin progress label: '> 100.00' above 100, otherwise two decimals. */
export function formatProgress(percent: number): string {
  return percent > 100 ? '> 100.00' : percent.toFixed(2);
}

/** Whole cents from dollars; callers validate at most two decimals first. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** Dollars for people: $1,500 or $25.50. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}
