const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD as the forms show and take it: MM-DD-YYYY. Other text passes through. */
export function toEntryDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  return match ? `${match[2]}-${match[3]}-${match[1]}` : iso;
}

/** Today as MM-DD-YYYY, in the user's own time zone. */
export function todayEntryDate(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${now.getFullYear()}`;
}

/**
 * Every date the app shows is in the spec's en-GB style (parts 1 and 3: "Timestamps display
 * in en-GB format"): 26/11/2026, and 26/11/2026, 14:05 with a time. Subscriptions' long form
 * ('MMMM Do YYYY') is the one other the spec names.
 */
const EN_GB = 'en-GB';

/** A timestamp as its local date and time (26/11/2026, 14:05), or a dash when there is none. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(EN_GB, { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * A date (26/11/2026), or a dash when there is none. A calendar date (YYYY-MM-DD) is shown as
 * that day wherever the reader is; a timestamp as its local day.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const calendar = ISO_DATE.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(EN_GB, calendar ? { timeZone: 'UTC' } : {});
}

/** A time of day with seconds (14:05:09), or a dash when there is none. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleTimeString(EN_GB);
}

/** 'MMMM Do YYYY', as in November 23rd 2026. */
export function longDate(iso: string): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${day}${suffix} ${date.getUTCFullYear()}`;
}
