import { decodeAddedInk, isSamePaper, MIN_IDENTIFYING_CELLS } from '../image/added-ink.js';
import type { AddedInk } from '../image/added-ink.js';
import type { ImageContest } from './classify.js';

interface Fingerprinted {
  row: Record<string, string>;
  ink: AddedInk;
  reading: string;
}

/**
 * Sheets whose front is the same paper as an earlier sheet's, scanned again (other bytes: shifted,
 * turned a little, other noise or compression): each such sheet with the first one it repeats.
 * Only sheets read on one style with the same reading (`readingOf`: the votes contest
 * by contest) are compared, and only those carrying enough ink of their own away from the
 * targets to identify a paper (`isSamePaper`); the rule is written in docs/audit-stages.md.
 *
 * Ink that a sheet of the style with another reading shares cell for cell identifies no paper:
 * it is printing the template lacks (the name of one of the precincts a style serves, text a
 * scan at another resolution renders bolder), on every sheet of its kind alike. A sheet whose
 * only ink of its own is such is no one paper's fingerprint.
 */
export function findRescans(
  sheets: Iterable<Record<string, string>>,
  readingOf: (sheet: string) => string,
): Map<string, Record<string, string>> {
  const byStyle = new Map<string, Fingerprinted[]>();
  const listed: Fingerprinted[] = [];
  for (const row of sheets) {
    if (row.status !== 'read') continue;
    const ink = decodeAddedInk(row.added_ink);
    if (!ink || ink.cells.length < MIN_IDENTIFYING_CELLS) continue;
    const sheet = { row, ink, reading: readingOf(row.sheet_id ?? '') };
    listed.push(sheet);
    const style = row.style ?? '';
    const ofStyle = byStyle.get(style) ?? [];
    ofStyle.push(sheet);
    byStyle.set(style, ofStyle);
  }
  const printing = new Map<Fingerprinted, boolean>();
  const isPrinting = (sheet: Fingerprinted): boolean => {
    let known = printing.get(sheet);
    if (known === undefined) {
      const others = byStyle.get(sheet.row.style ?? '') ?? [];
      known = others.some((o) => o.reading !== sheet.reading && isSamePaper(sheet.ink, o.ink));
      printing.set(sheet, known);
    }
    return known;
  };
  const buckets = new Map<string, Fingerprinted[]>();
  const found = new Map<string, Record<string, string>>();
  for (const sheet of listed) {
    const key = `${sheet.row.style}\u0000${sheet.reading}`;
    const earlier = buckets.get(key) ?? [];
    const first = earlier.find((e) => isSamePaper(e.ink, sheet.ink) && !isPrinting(e));
    if (first) {
      found.set(sheet.row.sheet_id ?? '', first.row);
      continue;
    }
    earlier.push(sheet);
    buckets.set(key, earlier);
  }
  return found;
}

/**
 * What two scans of one paper read alike, contest by contest: its votes. A mark on the line
 * between blank and gray may fall either side on two scans, so gray marks do not part them.
 */
export function paperReading(contests: Map<string, ImageContest>): string {
  return [...contests]
    .map(([c, i]) => `${c}:${i.votes.join(',')}:${i.overvote}`)
    .sort()
    .join('|');
}
