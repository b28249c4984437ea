import { z } from 'zod';

export const DATE_FORMAT_MESSAGE = 'Date must be MM-DD-YYYY or YYYY-MM-DD.';

const US_DATE = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a date as people type it (MM-DD-YYYY, also with slashes) or as stored (YYYY-MM-DD)
 * and answers YYYY-MM-DD, or null when it is not a real calendar date.
 */
export function parseEntryDate(text: string): string | null {
  const trimmed = text.trim();
  const us = US_DATE.exec(trimmed);
  const iso = ISO_DATE.exec(trimmed);
  const parts = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.toISOString().slice(0, 10) : null;
}

/** A date field: MM-DD-YYYY or YYYY-MM-DD in, YYYY-MM-DD out. */
export const entryDateSchema = z
  .string()
  .refine((value) => parseEntryDate(value) !== null, DATE_FORMAT_MESSAGE)
  .transform((value) => parseEntryDate(value) ?? value);

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The earliest date that is still today somewhere (UTC-12): a date before it has passed everywhere. */
export function earliestTodayIso(now = Date.now()): string {
  return new Date(now - 12 * 3600 * 1000).toISOString().slice(0, 10);
}
