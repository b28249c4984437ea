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

/**
 * What a donor reads for a job's funding: the percentage of its goal, or, with no goal set,
 * the amount raised (a percentage of no goal would read 0.00% however much was given).
 * Amounts are in dollars as the donation view carries them.
 */
export function formatFundingProgress(job: {
  request_donate: number;
  received_donation: number;
  progress: number;
}): string {
  if (job.request_donate > 0) return `${formatProgress(job.progress)}%`;
  if (job.received_donation > 0)
    return `${formatDollars(toCents(job.received_donation))} raised, no goal set`;
  return 'No goal set';
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
