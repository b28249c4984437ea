import { decodeAddedInk, isSamePaper, MIN_IDENTIFYING_CELLS } from '../image/added-ink.js';
import type { AddedInk } from '../image/added-ink.js';

/**
 * Sheets whose front is the same paper as an earlier sheet's, scanned again (other bytes: shifted,
 * turned a little, other noise or compression): each such sheet with the first one it repeats.
 * Only sheets read on one style with the same reading (`readingOf`: votes and gray marks contest
 * by contest) are compared, and only those carrying enough ink of their own away from the
 * targets to identify a paper (`isSamePaper`); the rule is written in docs/audit-stages.md.
 */
export function findRescans(
  sheets: Iterable<Record<string, string>>,
  readingOf: (sheet: string) => string,
): Map<string, Record<string, string>> {
  const buckets = new Map<string, { row: Record<string, string>; ink: AddedInk }[]>();
  const found = new Map<string, Record<string, string>>();
  for (const row of sheets) {
    if (row.status !== 'read') continue;
    const ink = decodeAddedInk(row.added_ink);
    if (!ink || ink.cells.length < MIN_IDENTIFYING_CELLS) continue;
    const key = `${row.style}\u0000${readingOf(row.sheet_id ?? '')}`;
    const earlier = buckets.get(key) ?? [];
    const first = earlier.find((e) => isSamePaper(e.ink, ink));
    if (first) {
      found.set(row.sheet_id ?? '', first.row);
      continue;
    }
    earlier.push({ row, ink });
    buckets.set(key, earlier);
  }
  return found;
}
