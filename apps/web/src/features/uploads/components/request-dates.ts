const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default Valid Through: 7 days from today (spec part 2, section 5). */
export function defaultValidThrough(today = new Date()): string {
  const date = new Date(today);
  date.setDate(date.getDate() + 7);
  return isoDate(date);
}
