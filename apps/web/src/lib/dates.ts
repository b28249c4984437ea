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

/** A timestamp as a short local date and time, or a dash when there is none. */
export function formatDateTime(value: string | null): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** A timestamp as a short local date, or a dash when there is none. */
export function formatDate(value: string | null): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
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
