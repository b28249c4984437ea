import ExcelJS from 'exceljs';
import type { CsvRow } from './csv.js';
import type { CvrSource } from './source.js';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if ('text' in cell) return cellText(cell.text);
  }
  return '';
}

/**
 * Streams the rows of the first sheet of a workbook as text cells, like `readCsvRows`.
 * The streaming reader keeps one row at a time (plus the shared strings table).
 */
export async function* readXlsxRows(source: CvrSource): AsyncGenerator<CsvRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source.open(), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      const values = row.values as unknown[];
      // ExcelJS row values are 1-based: index 0 is always empty.
      yield { line: row.number, cells: Array.from(values.slice(1), cellText) };
    }
    return;
  }
}
