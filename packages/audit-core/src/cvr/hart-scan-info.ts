import { isBlankRow, readCsvRows } from './csv.js';
import type { ProblemLog } from './reader.js';
import type { CvrSource } from './source.js';

/** What Hart's scanned-ballot-information CSV says about one CVR (one row per page). */
export interface HartScanEntry {
  cvrId: string;
  workstation: string;
  uniqueIdentifier: string;
  batch: string;
  precinct: string;
  file: string;
  line: number;
}

/**
 * Reads Hart scanned-ballot-information CSVs: an optional `#FormatVersion 1` row, then a header
 * whose first name may carry a `#` (`#BatchId,Workstation,…,UniqueIdentifier,…,CvrId`). Each
 * page of a ballot has a row; rows of one CVR that disagree are a problem.
 */
export async function readHartScanInfo(
  sources: CvrSource[],
  log: ProblemLog,
): Promise<Map<string, HartScanEntry>> {
  const entries = new Map<string, HartScanEntry>();
  for (const source of sources) {
    const file = source.name;
    let header: string[] | undefined;
    for await (const { line, cells } of readCsvRows(source)) {
      if (isBlankRow(cells)) continue;
      if (!header) {
        if (/^#\s*FormatVersion/i.test(cells[0]?.trim() ?? '')) continue;
        header = cells.map((cell) => cell.trim().replace(/^#/, '').toLowerCase());
        if (!header.includes('cvrid')) {
          log.error('malformed-header', file, line, `${file} row ${line}: no CvrId column`);
          break;
        }
        continue;
      }
      const at = header;
      const get = (name: string): string => cells[at.indexOf(name)]?.trim() ?? '';
      const entry: HartScanEntry = {
        cvrId: get('cvrid'),
        workstation: get('workstation'),
        uniqueIdentifier: get('uniqueidentifier'),
        batch: get('batchid'),
        precinct: get('precinct'),
        file,
        line,
      };
      if (entry.cvrId === '') {
        log.error('malformed-row', file, line, `${file} row ${line}: no CvrId`);
        continue;
      }
      const earlier = entries.get(entry.cvrId);
      if (!earlier) entries.set(entry.cvrId, entry);
      else if (
        earlier.workstation !== entry.workstation ||
        earlier.uniqueIdentifier !== entry.uniqueIdentifier
      ) {
        const message = `${file} row ${line}: CVR ${entry.cvrId} says workstation "${entry.workstation}", id "${entry.uniqueIdentifier}"; ${earlier.file} row ${earlier.line} said "${earlier.workstation}", "${earlier.uniqueIdentifier}"`;
        log.error('duplicate-ballot', file, line, message);
      }
    }
    if (!header) log.error('malformed-header', file, undefined, `${file} has no header row`);
  }
  return entries;
}
