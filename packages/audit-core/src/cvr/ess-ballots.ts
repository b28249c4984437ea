import { isBlankRow, readCsvRows } from './csv.js';
import type { ProblemLog } from './reader.js';
import type { CvrSource } from './source.js';

/** One line of an ES&S "ballots" companion file. */
export interface EssBallotEntry {
  cvrNumber: string;
  batch: string;
  tabulator: string;
  record: string;
  status: string;
  precinct: string;
  /** Newer layout: the polling place column. */
  pollPlace: string;
  /** As written: 10 digits (older layout) or 16 hex digits (newer). */
  tabulatorCvr: string;
  file: string;
  line: number;
}

const TOTAL_ROW = /^Total\s*:\s*(\d+)$/i;

/**
 * Reads the ballots files (preamble, header `Cast Vote Record,Batch,…,Tabulator CVR,…`, rows,
 * `Total : N`) into a map by CVR number. Bad rows, repeats and a wrong total become problems.
 */
export async function readEssBallots(
  sources: CvrSource[],
  log: ProblemLog,
): Promise<Map<string, EssBallotEntry>> {
  const entries = new Map<string, EssBallotEntry>();
  for (const source of sources) {
    const file = source.name;
    let header: string[] | undefined;
    let count = 0;
    for await (const { line, cells } of readCsvRows(source)) {
      const first = cells[0]?.trim() ?? '';
      if (!header) {
        if (first.toLowerCase() === 'cast vote record')
          header = cells.map((cell) => cell.trim().toLowerCase());
        continue;
      }
      if (isBlankRow(cells)) continue;
      const total = TOTAL_ROW.exec(first);
      if (total) {
        if (Number(total[1]) !== count) {
          log.error(
            'malformed-row',
            file,
            line,
            `${file} row ${line}: total ${total[1]}, rows ${count}`,
          );
        }
        continue;
      }
      const entry = toEntry(header, cells, file, line);
      if (typeof entry === 'string') {
        log.error('malformed-row', file, line, `${file} row ${line}: ${entry}`);
        continue;
      }
      count += 1;
      const earlier = entries.get(entry.cvrNumber);
      if (earlier) {
        const message = `${file} row ${line}: CVR ${entry.cvrNumber} repeats ${earlier.file} row ${earlier.line}`;
        log.error('duplicate-ballot', file, line, message);
        continue;
      }
      entries.set(entry.cvrNumber, entry);
    }
    if (!header)
      log.error(
        'malformed-header',
        file,
        undefined,
        `${file} has no "Cast Vote Record" header row`,
      );
  }
  return entries;
}

/**
 * One row of either ballots-file layout. The older one packs the tabulator into `Tabulator CVR`
 * (4 digits of tabulator then 6 of record: 0002003172 is tabulator 2, record 3172); the newer
 * one has `Machine` and `Audit Number` columns and a 16-hex `Tabulator CVR` that is an id only.
 */
function toEntry(
  header: string[],
  cells: string[],
  file: string,
  line: number,
): EssBallotEntry | string {
  const get = (name: string): string => {
    const at = header.indexOf(name);
    return at < 0 ? '' : (cells[at]?.trim() ?? '');
  };
  const cvrNumber = get('cast vote record');
  const tabulatorCvr = get('tabulator cvr');
  if (!/^\d+$/.test(cvrNumber)) return `"${cvrNumber}" is not a CVR number`;
  const common = {
    cvrNumber,
    batch: get('batch'),
    status: get('ballot status'),
    precinct: get('precinct id'),
    pollPlace: get('poll place'),
    tabulatorCvr,
    file,
    line,
  };
  if (header.includes('machine')) {
    const machine = get('machine');
    const audit = get('audit number');
    if (machine === '') return 'no Machine';
    return {
      ...common,
      tabulator: /^\d+$/.test(machine) ? String(Number(machine)) : machine,
      record: /^\d+$/.test(audit) ? String(Number(audit)) : audit || cvrNumber,
    };
  }
  if (!/^\d{10}$/.test(tabulatorCvr))
    return `Tabulator CVR "${tabulatorCvr}" is not 10 digits (4 of tabulator, 6 of record) and the file has no Machine column`;
  return {
    ...common,
    tabulator: String(Number(tabulatorCvr.slice(0, 4))),
    record: String(Number(tabulatorCvr.slice(4))),
  };
}
