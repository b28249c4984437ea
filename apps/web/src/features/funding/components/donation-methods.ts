/** The method select of the audit donation page (spec part 1). */
export const DONATION_METHODS = [
  { value: 0, label: 'Clear All' },
  { value: 1, label: 'Donate Same to All' },
  { value: 2, label: 'Split Up to All' },
  { value: 3, label: 'General Donation' },
] as const;

/**
 * Per-job amounts in cents after APPLY: Clear All zeroes every job, Same gives each job the
 * amount, Split divides it (the first jobs take the odd cents), General puts it in the first job.
 */
export function applyMethod(method: number, amountCents: number, jobCount: number): number[] {
  if (jobCount === 0) return [];
  if (method === 0) return Array.from({ length: jobCount }, () => 0);
  if (method === 1) return Array.from({ length: jobCount }, () => amountCents);
  if (method === 2) {
    const base = Math.floor(amountCents / jobCount);
    const extra = amountCents - base * jobCount;
    return Array.from({ length: jobCount }, (_, index) => base + (index < extra ? 1 : 0));
  }
  return Array.from({ length: jobCount }, (_, index) => (index === 0 ? amountCents : 0));
}

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** A typed amount: whole cents, or the spec's message when the text is not a usable amount. */
export type AmountReading = { cents: number } | { error: string };

/**
 * Reads a donation amount as people type it: digits with up to two decimals. Empty is
 * "input is required"; zero and anything else ("1e3", "-5", "abc") is "input must be positive",
 * so an exponent is never taken as a thousand.
 */
export function readAmount(
  text: string,
  messages: { required: string; positive: string },
): AmountReading {
  const trimmed = text.trim();
  if (trimmed === '') return { error: messages.required };
  if (!DOLLARS.test(trimmed)) return { error: messages.positive };
  const cents = Math.round(Number(trimmed) * 100);
  return cents > 0 ? { cents } : { error: messages.positive };
}
