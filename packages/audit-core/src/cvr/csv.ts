import { parse } from 'csv-parse';
import type { CvrSource } from './source.js';

/** One CSV record with the 1-based line it ends on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** Streams the records of a CSV source, tolerating ragged rows and Excel's `="…"` cells. */
export async function* readCsvRows(source: CvrSource): AsyncGenerator<CsvRow> {
  const parser = source.open().pipe(
    parse({
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: item.info.lines, cells: item.record.map(excelText) };
  }
}

/** Excel-safe exports write `="0123"` so that leading zeros survive; we want `0123`. */
export function excelText(cell: string): string {
  if (cell.startsWith('="') && cell.endsWith('"')) return cell.slice(2, -1);
  return cell;
}

/** True when every cell is blank: a spacer row. */
export function isBlankRow(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
