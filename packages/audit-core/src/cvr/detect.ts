import { parse } from 'csv-parse/sync';
import { excelText } from './csv.js';
import type { CvrFormat, CvrProblem } from './model.js';
import { readSourceHead, stripBom, type CvrSource } from './source.js';
import { isZip } from './zip.js';

/** What a file is: a CVR format, a companion file, or a zip whose entries decide. */
export type CvrLayout =
  | CvrFormat
  | 'dominion-json-manifest'
  | 'ess-ballots'
  | 'hart-scan-info'
  | 'ballot-manifest'
  | 'zip';

export type Detection = { layout: CvrLayout } | { problem: CvrProblem };

const XLSX_ENTRY = /^(\[Content_Types\]\.xml|_rels\/|docProps\/|xl\/)/;

/** Looks at the first bytes of a source and names its layout, or says clearly that it cannot. */
export async function detectCvrLayout(source: CvrSource): Promise<Detection> {
  const head = await readSourceHead(source);
  if (isZip(head)) {
    // A zip's first local header holds the first entry's name at byte 30.
    const nameLength = head.readUInt16LE(26);
    const firstEntry = head.subarray(30, 30 + nameLength).toString('utf8');
    return { layout: XLSX_ENTRY.test(firstEntry) ? 'ess-xlsx' : 'zip' };
  }
  const text = stripBom(head.toString('utf8')).trimStart();
  if (text === '') {
    const what = head.length === 0 ? 'is empty (0 bytes)' : 'holds only blank space';
    return {
      problem: {
        code: 'unknown-layout',
        severity: 'error',
        file: source.name,
        message: `${source.name} ${what}: it has no vote records`,
      },
    };
  }
  const layout = text.startsWith('<')
    ? xmlLayout(text)
    : text.startsWith('{')
      ? jsonLayout(text)
      : csvLayout(text);
  return layout ? { layout } : { problem: unknownLayout(source.name, text) };
}

function xmlLayout(text: string): CvrLayout | undefined {
  return /<(?:[\w.-]+:)?Cvr[\s>]/.test(text) && text.includes('CVRDesign.xsd')
    ? 'hart-xml'
    : undefined;
}

function jsonLayout(text: string): CvrLayout | undefined {
  if (/"Sessions"\s*:/.test(text)) return 'dominion-json';
  if (/"List"\s*:/.test(text)) return 'dominion-json-manifest';
  return undefined;
}

function csvLayout(text: string): CvrLayout | undefined {
  const lastBreak = text.lastIndexOf('\n');
  const complete = lastBreak > 0 ? text.slice(0, lastBreak) : text;
  let rows: string[][];
  try {
    rows = parse(complete, { relax_quotes: true, relax_column_count: true, to: 20 });
  } catch {
    return undefined;
  }
  const first = (rows[0] ?? []).map((cell) => cell.trim());
  const hartHeader = /^#\s*FormatVersion/i.test(first[0] ?? '') ? rows[1] : rows[0];
  const hartNames = (hartHeader ?? []).map((cell) => cell.trim().replace(/^#/, '').toLowerCase());
  if (hartNames.includes('cvrid') && hartNames.includes('uniqueidentifier'))
    return 'hart-scan-info';
  const lead = (index: number): string => excelText(rows[index]?.[0] ?? '').trim();
  const essHeader = rows.find((row) =>
    row.some((cell) => excelText(cell).trim().toLowerCase() === 'cast vote record'),
  );
  const names = (essHeader ?? []).map((cell) => excelText(cell).trim().toLowerCase());
  // A ballots file lists each record's batch and status; some CVRs carry a Tabulator CVR too.
  if (
    names[0] === 'cast vote record' &&
    (names.includes('ballot status') || names.includes('batch'))
  )
    return 'ess-ballots';
  if (essHeader === rows[0] && essHeader !== undefined) return 'ess-csv';
  if (first.includes('BallotID') && first.some((cell) => cell.startsWith('Choice_'))) {
    return 'clearballot-csv';
  }
  if (
    first.some((cell) =>
      /^(NumBallots|Num Ballots|Number of Ballots|Ballot Count|# of Ballots|Total Ballots)$/i.test(
        cell,
      ),
    )
  )
    return 'ballot-manifest';
  if (lead(3) === 'CvrNumber') return 'dominion-csv';
  return undefined;
}

/** The problem every stage shows for a file no reader understands. */
export function unknownLayout(file: string, text: string): CvrProblem {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const shown = firstLine.length > 80 ? `${firstLine.slice(0, 80)}…` : firstLine;
  return {
    code: 'unknown-layout',
    severity: 'error',
    file,
    row: 1,
    message:
      `${file}: unknown CVR layout: it is none of Dominion CVR_Export CSV, Dominion JSON, ` +
      `ES&S CSV or XLSX, Clear Ballot CSV or Hart XML (row 1 reads "${shown}")`,
  };
}
