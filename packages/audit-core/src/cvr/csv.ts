import { StringDecoder } from 'node:string_decoder';
import { CsvTokenizer, type CsvRow } from './csv-tokenizer.js';
import type { CvrSource } from './source.js';

export { excelText, type CsvRow } from './csv-tokenizer.js';

/**
 * Streams the records of a CSV source a chunk at a time, tolerating ragged rows and Excel's
 * `="…"` cells. Batches spare a county's million rows an async step each.
 */
export async function* readCsvBatches(source: CvrSource): AsyncGenerator<CsvRow[]> {
  const tokenizer = new CsvTokenizer(source.name);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source.open() as AsyncIterable<Buffer | string>) {
    const rows = tokenizer.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (rows.length > 0) yield rows;
  }
  const rows = tokenizer.end(decoder.end());
  if (rows.length > 0) yield rows;
}

/** Streams the records of a CSV source one by one (for files that are small by nature). */
export async function* readCsvRows(source: CvrSource): AsyncGenerator<CsvRow> {
  for await (const rows of readCsvBatches(source)) yield* rows;
}

/** Wraps records read one at a time (a workbook's rows) as batches of one. */
export async function* inBatches(rows: AsyncIterable<CsvRow>): AsyncGenerator<CsvRow[]> {
  for await (const row of rows) yield [row];
}

/**
 * Takes the first `count` records (a header) off a stream of batches; `rest` streams the others.
 * To give up after the head, close `batches` itself.
 */
export async function readHead(
  batches: AsyncGenerator<CsvRow[]>,
  count: number,
): Promise<{ head: CsvRow[]; rest: AsyncGenerator<CsvRow[]> }> {
  const head: CsvRow[] = [];
  let leftover: CsvRow[] = [];
  while (head.length < count) {
    const next = await batches.next();
    if (next.done) break;
    const need = count - head.length;
    head.push(...next.value.slice(0, need));
    leftover = next.value.slice(need);
  }
  async function* rest(): AsyncGenerator<CsvRow[]> {
    if (leftover.length > 0) yield leftover;
    yield* batches;
  }
  return { head, rest: rest() };
}

/** True when every cell is blank: a spacer row. */
export function isBlankRow(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
