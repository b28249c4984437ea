import { endOfRecords } from './csv-bytes.js';
import { CsvTokenizer } from './csv-tokenizer.js';
import { readCsvBatches, readHead, type CsvBatch } from './csv.js';
import { streamBatchesFromBytes, toBuffer, type ByteStart } from './dominion-csv-bytes.js';
import { parseDominionHeader, type DominionCsvLayout } from './dominion-csv-header.js';
import { planRows, toBallot } from './dominion-csv-rows.js';
import type { CvrAggregate, CvrBallot } from './model.js';
import { DuplicateGuard, fromBatches, ProblemLog, type CvrReader } from './reader.js';
import type { CvrSource } from './source.js';

/** How to read the data rows: from bytes where they allow it (the default), or as text. */
export interface DominionCsvOptions {
  path?: 'bytes' | 'text';
}

/** A header larger than this is not looked for in bytes; the text path reads it. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/**
 * Bytes the byte path asks a file source for at a time: four times the stream's 64 KiB save
 * three quarters of the reads, of the buffers they allocate and of the async steps each piece
 * takes (a seventh of reading a Dominion CSV of a million ballots). Batches stay as they were,
 * one per 64 KiB of the file (`BATCH_BYTES`). (The JSON reader was slower with such pieces.)
 */
const READ_BYTES = 256 * 1024;

/**
 * Opens a Dominion CVR_Export CSV: reads the four header rows now and streams ballots after.
 * Throws when the header is not Dominion's; bad data rows become problems, by line.
 */
export async function openDominionCsv(
  source: CvrSource,
  options: DominionCsvOptions = {},
): Promise<CvrReader> {
  if (options.path !== 'text') {
    const fromBytes = await openFromBytes(source);
    if (fromBytes) return fromBytes;
  }
  const batches = readCsvBatches(source);
  const { head, rest } = await readHead(batches, 4);
  const layout = parseDominionHeader(head.map((row) => row.cells));
  if (typeof layout === 'string') {
    await batches.return(undefined);
    throw new Error(`${source.name}: not a Dominion CVR_Export: ${layout}`);
  }
  const log = new ProblemLog();
  const aggregates: CvrAggregate[] = [];
  return readerOf(
    layout,
    log,
    aggregates,
    streamBatches(source.name, rest, layout, log, aggregates),
  );
}

function readerOf(
  layout: DominionCsvLayout,
  log: ProblemLog,
  aggregates: CvrAggregate[],
  batches: AsyncIterable<CvrBallot[]>,
): CvrReader {
  return {
    format: 'dominion-csv',
    election: layout.election,
    contests: layout.contests,
    problems: log.problems,
    ...fromBatches(batches),
    aggregates,
  };
}

/**
 * The reader on the byte path, or undefined when the header is not plainly four records with
 * `\n` or `\r\n` line ends and a Dominion layout: the text path then reads (or refuses) it.
 */
async function openFromBytes(source: CvrSource): Promise<CvrReader | undefined> {
  const stream = source.open(READ_BYTES);
  const chunks = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let cut = -1;
  while (cut < 0 && head.length <= MAX_HEADER_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, toBuffer(next.value)]);
    cut = endOfRecords(head, 4);
  }
  const start = cut < 0 ? undefined : byteStart(source.name, head, cut, chunks);
  const layout = start && parseDominionHeader(start.header);
  if (!start || !layout || typeof layout === 'string') {
    stream.destroy();
    return undefined;
  }
  const log = new ProblemLog();
  const aggregates: CvrAggregate[] = [];
  const batches = streamBatchesFromBytes(start, planRows(layout), log, aggregates);
  return readerOf(layout, log, aggregates, batches);
}

/** The header's cells as the text path reads them, if they are the four records found. */
function byteStart(
  file: string,
  head: Buffer,
  cut: number,
  chunks: AsyncIterator<unknown>,
): (ByteStart & { header: string[][] }) | undefined {
  const text = head.toString('utf8', 0, cut);
  if (/\r(?!\n)/.test(text)) return undefined;
  let rows;
  try {
    rows = [...new CsvTokenizer(file).end(text)];
  } catch {
    return undefined;
  }
  const linesRead = text.split('\n').length - 1;
  if (rows.length !== 4 || rows[3]?.line !== linesRead) return undefined;
  const header = rows.map((row) => row.cells);
  return { file, bytes: head.subarray(cut), chunks, linesRead, header, offset: cut };
}

async function* streamBatches(
  file: string,
  batches: AsyncGenerator<CsvBatch>,
  layout: DominionCsvLayout,
  log: ProblemLog,
  aggregates: CvrAggregate[],
): AsyncGenerator<CvrBallot[]> {
  const guard = new DuplicateGuard(log);
  const plan = planRows(layout);
  for await (const rows of batches) {
    const out: CvrBallot[] = [];
    for (const row of rows) {
      const ballot = toBallot(file, row, plan, log, aggregates);
      if (ballot) out.push(guard.check(ballot));
    }
    if (out.length > 0) yield out;
  }
}
