import { ContestBook } from './contest-book.js';
import { readHartScanInfo } from './hart-scan-info.js';
import { parseHartSheet } from './hart-xml.js';
import type { CvrBallot } from './model.js';
import { DuplicateGuard, fromBallots, ProblemLog, type CvrReader } from './reader.js';
import { readSourceText, type CvrSource } from './source.js';
import { walkZip } from './zip.js';

/** A per-sheet file is a few kilobytes; reading stops past this (zip bombs). */
const MAX_SHEET_BYTES = 16 * 1024 * 1024;

export interface HartOptions {
  /** Scanned-ballot-information CSVs: each CVR's workstation (tabulator) and printed id. */
  scanInfo?: CvrSource[];
}

/** Opens Hart per-sheet CVR XML files; they are read one at a time as `ballots` is iterated. */
export function openHartXml(
  sources: Iterable<CvrSource> | AsyncIterable<CvrSource>,
  options: HartOptions = {},
): CvrReader {
  const book = new ContestBook();
  const log = new ProblemLog();
  return {
    format: 'hart-xml',
    election: {},
    contests: book.contests,
    problems: log.problems,
    ...fromBallots(streamSheets(sources, book, log, options.scanInfo)),
  };
}

/** Opens a zip of Hart per-sheet CVR XML files, streamed entry by entry, never unpacked. */
export function openHartZip(path: string, options: HartOptions = {}): CvrReader {
  return openHartXml(xmlEntries(path), options);
}

async function* xmlEntries(path: string): AsyncGenerator<CvrSource> {
  for await (const item of walkZip(path)) {
    // The size cap in readSourceText stops a bomb while it inflates, whatever the header claims.
    if (item.name.toLowerCase().endsWith('.xml')) yield item.source;
  }
}

async function* streamSheets(
  sources: Iterable<CvrSource> | AsyncIterable<CvrSource>,
  book: ContestBook,
  log: ProblemLog,
  scanInfo: CvrSource[] | undefined,
): AsyncGenerator<CvrBallot> {
  const guard = new DuplicateGuard(log);
  const entries = scanInfo ? await readHartScanInfo(scanInfo, log) : undefined;
  const matched = new Set<string>();
  for await (const source of sources) {
    const file = source.name;
    let sheet: CvrBallot | string;
    try {
      sheet = parseHartSheet(await readSourceText(source, MAX_SHEET_BYTES), file, book);
    } catch (error) {
      sheet = `could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (typeof sheet === 'string') {
      log.error('unreadable-file', file, undefined, `${file} ${sheet}`);
      continue;
    }
    const entry = entries?.get(sheet.id);
    if (entries && !entry)
      log.warn(
        'missing-ballot-entry',
        file,
        undefined,
        `${file}: CVR ${sheet.id} is in no scanned ballot information file`,
      );
    if (entry) {
      matched.add(entry.cvrId);
      sheet = {
        ...sheet,
        ...(entry.workstation ? { tabulator: entry.workstation } : {}),
        ...(entry.uniqueIdentifier ? { imprintedId: entry.uniqueIdentifier } : {}),
        precinct: sheet.precinct ?? (entry.precinct || undefined),
      };
    }
    yield guard.check(sheet);
  }
  for (const entry of entries?.values() ?? []) {
    if (matched.has(entry.cvrId)) continue;
    const message = `${entry.file} row ${entry.line}: CVR ${entry.cvrId} has no sheet file`;
    log.error('missing-record', entry.file, entry.line, message);
  }
}
