import { StringDecoder } from 'node:string_decoder';
import { CsvTokenizer, type CsvRow } from './csv-tokenizer.js';
import type { CvrSource } from './source.js';

export { excelText, type CsvRow } from './csv-tokenizer.js';

/** The records of one read chunk, made as they are iterated. */
export type CsvBatch = Iterator<CsvRow, unknown, undefined> & Iterable<CsvRow>;

/**
 * Streams the records of a CSV source a chunk at a time, tolerating ragged rows and Excel's
 * `="…"` cells. Batches spare a county's million rows an async step each.
 */
export async function* readCsvBatches(source: CvrSource): AsyncGenerator<CsvBatch> {
  const tokenizer = new CsvTokenizer(source.name);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source.open() as AsyncIterable<Buffer | string>) {
    yield tokenizer.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  }
  yield tokenizer.end(decoder.end());
}

/** Streams the records of a CSV source one by one (for files that are small by nature). */
export async function* readCsvRows(source: CvrSource): AsyncGenerator<CsvRow> {
  for await (const rows of readCsvBatches(source)) yield* rows;
}

/** Wraps records read one at a time (a workbook's rows) as batches of one. */
export async function* inBatches(rows: AsyncIterable<CsvRow>): AsyncGenerator<CsvBatch> {
  for await (const row of rows) yield [row][Symbol.iterator]();
}

/**
 * Takes the first `count` records (a header) off a stream of batches; `rest` streams the others.
 * To give up after the head, close `batches` itself.
 */
export async function readHead(
  batches: AsyncGenerator<CsvBatch>,
  count: number,
): Promise<{ head: CsvRow[]; rest: AsyncGenerator<CsvBatch> }> {
  const head: CsvRow[] = [];
  let leftover: CsvBatch | undefined;
  while (head.length < count) {
    const next = await batches.next();
    if (next.done) break;
    leftover = next.value;
    for (let row = leftover.next(); !row.done; row = leftover.next()) {
      head.push(row.value);
      if (head.length === count) break;
    }
  }
  async function* rest(): AsyncGenerator<CsvBatch> {
    if (leftover) yield leftover;
    yield* batches;
  }
  return { head, rest: rest() };
}

/** True when every cell is blank: a spacer row. */
export function isBlankRow(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
