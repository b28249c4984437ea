import { StringDecoder } from 'node:string_decoder';
import { NEED_MORE, NOT_SIMPLE } from './csv-bytes.js';
import type { CsvRow } from './csv.js';
import { CsvTokenizer, MAX_RECORD_CHARS } from './csv-tokenizer.js';
import { ByteBallots } from './dominion-csv-byte-ballots.js';
import { toBallot, type RowPlan } from './dominion-csv-rows.js';
import type { CvrAggregate, CvrBallot } from './model.js';
import { DuplicateGuard, type ProblemLog } from './reader.js';

const LF = 10;
const CR = 13;
/**
 * A batch holds the records that start in one stretch of this many bytes of the file (some 570
 * ballots of a county's export), however large the source's reads: a batch's ballots all stay
 * alive until the stage is done with it, and a small batch stays in the young generation.
 */
export const BATCH_BYTES = 64 * 1024;

/** What the byte path goes on from: the bytes after the header and the chunks still to come. */
export interface ByteStart {
  file: string;
  bytes: Buffer;
  chunks: AsyncIterator<unknown>;
  /** Lines the header took, blank ones included. */
  linesRead: number;
  /** Where `bytes` starts in the file: the header's length in bytes. */
  offset?: number;
}

/**
 * Streams the ballots of a Dominion CSV's data rows read straight from bytes, a batch per
 * `BATCH_BYTES` of the file whatever the source's pieces: no string per cell and no array per row, and the contest votes that recur on
 * every ballot (a contest left blank, or one choice marked) made once and shared. The first
 * record it does not read as the general tokenizer would is read, with all after it, by the
 * general tokenizer: both give the same ballots, row numbers and problems.
 */
export async function* streamBatchesFromBytes(
  start: ByteStart,
  plan: RowPlan,
  log: ProblemLog,
  aggregates: CvrAggregate[],
): AsyncGenerator<CvrBallot[]> {
  const guard = new DuplicateGuard(log);
  const builder = new ByteBallots(start.file, plan, log, guard, aggregates);
  const rows = new ByteRows(start, builder);
  try {
    // A batch gathers the records that start in one stretch of the file, over as many of the
    // source's pieces as that takes.
    let out: CvrBallot[] = [];
    rows.startBatch();
    for (;;) {
      rows.readBatch(out);
      if (rows.notSimple) break;
      if (rows.isFull) {
        if (out.length > 0) yield out;
        out = [];
        rows.startBatch();
        continue;
      }
      if (rows.isFinal) {
        if (out.length > 0) yield out;
        return;
      }
      const chunk = await start.chunks.next();
      rows.take(chunk.done ? undefined : toBuffer(chunk.value));
      // Let the general tokenizer say which row never ends.
      if (rows.isTooLong()) break;
    }
    if (out.length > 0) yield out;
    yield* generalBatches(rows.rest(), plan, log, guard, aggregates);
  } finally {
    await start.chunks.return?.();
  }
}

/** The records of the bytes taken so far, read one chunk at a time. */
class ByteRows {
  private bytes: Buffer;
  /** The same bytes, to read two at once. */
  private view: DataView;
  private pos = 0;
  /** The part of a chunk after the line that ends the record cut by the chunk before. */
  private pending: Buffer | undefined;
  /** Where the complete records may end: the bytes' end, less a CR that ends the input. */
  private end: number;
  private line: number;
  isFinal = false;
  /** Set when a record is left to the general tokenizer, at `pos`. */
  notSimple = false;
  /** Set when the last batch stopped at the end of its stretch, with records still in hand. */
  isFull = false;
  /** Where `bytes[pos]` lies in the file, and where the current batch's stretch ends. */
  private offset: number;
  private boundary = 0;

  constructor(
    private readonly start: ByteStart,
    private readonly builder: ByteBallots,
  ) {
    this.bytes = start.bytes;
    this.view = viewOf(this.bytes);
    this.end = this.bytes.length;
    this.line = start.linesRead;
    this.offset = start.offset ?? 0;
  }

  /** Adds the next chunk, or marks the end of the input. */
  take(more: Buffer | undefined): void {
    const rest = this.bytes.subarray(this.pos);
    if (more === undefined) {
      this.isFinal = true;
      this.use(rest);
      return;
    }
    if (rest.length === 0) {
      this.use(more);
      return;
    }
    // Only the record cut by the chunk's end is joined to the next chunk's first line: joining
    // whole chunks copied every byte of the file once more, into buffers the collector frees
    // only at a full collection.
    const lf = more.indexOf(LF);
    if (lf < 0 || lf + 1 === more.length) {
      this.use(Buffer.concat([rest, more]));
      return;
    }
    this.use(Buffer.concat([rest, more.subarray(0, lf + 1)]));
    this.pending = more.subarray(lf + 1);
  }

  private use(bytes: Buffer): void {
    this.bytes = bytes;
    this.view = viewOf(bytes);
    this.pos = 0;
    let end = bytes.length;
    // The general tokenizer drops a CR that ends the input.
    if (this.isFinal && end > 0 && bytes[end - 1] === CR) end -= 1;
    this.end = end;
  }

  isTooLong(): boolean {
    return this.bytes.length - this.pos > MAX_RECORD_CHARS;
  }

  /** What is left to read, from a record boundary, for the general tokenizer. */
  rest(): ByteStart & { isFinal: boolean } {
    const left = this.bytes.subarray(this.pos);
    const { pending } = this;
    const bytes = pending ? Buffer.concat([left, pending]) : left;
    this.pending = undefined;
    return {
      ...this.start,
      bytes,
      linesRead: this.line,
      offset: this.offset,
      isFinal: this.isFinal,
    };
  }

  /** Starts a batch: it takes the records that start in the stretch where the next one does. */
  startBatch(): void {
    this.boundary = (Math.floor(this.offset / BATCH_BYTES) + 1) * BATCH_BYTES;
  }

  /**
   * Adds to `out` the ballots of the complete records taken so far that start in the batch's
   * stretch: those of the joined record, then of the rest of its chunk. Stops early when a
   * record is left to the general tokenizer (`notSimple`); `isFull` says whether it stopped at
   * the stretch's end.
   */
  readBatch(out: CvrBallot[]): void {
    this.isFull = false;
    this.readInto(out);
    const { pending } = this;
    if (pending !== undefined && !this.notSimple && !this.isFull) {
      this.pending = undefined;
      const left = this.bytes.subarray(this.pos);
      this.use(left.length === 0 ? pending : Buffer.concat([left, pending]));
      this.readInto(out);
    }
  }

  /**
   * Reads the records of `bytes` from `pos` into `out`, up to one not complete or to the first
   * that starts past the batch's stretch (`isFull`).
   */
  private readInto(out: CvrBallot[]): void {
    const { bytes, view, end, isFinal, builder } = this;
    const { cells } = builder;
    const from = this.pos;
    const stopAt = from + this.boundary - this.offset;
    let pos = from;
    let line = this.line;
    while (pos < end) {
      if (pos >= stopAt) {
        this.isFull = true;
        break;
      }
      const first = bytes[pos];
      if (first === LF || (first === CR && pos + 1 < end && bytes[pos + 1] === LF)) {
        pos += first === LF ? 1 : 2;
        line += 1;
        continue;
      }
      if (first === CR && pos + 1 === end && !isFinal) break;
      const after = builder.readRecord(bytes, view, pos, end, line + 1);
      if (after >= 0) {
        line += 1;
        pos = after;
        out.push(builder.made as CvrBallot);
        continue;
      }
      const next = cells.read(bytes, pos, end, isFinal);
      if (next === NEED_MORE) break;
      if (next === NOT_SIMPLE) {
        this.notSimple = true;
        break;
      }
      line += 1;
      pos = next;
      const ballot = builder.ballot(bytes, cells, line);
      if (ballot) out.push(ballot);
    }
    this.pos = pos;
    this.line = line;
    this.offset += pos - from;
  }
}

/** Reads the rest of the file with the general tokenizer, from a record boundary. */
async function* generalBatches(
  start: ByteStart & { isFinal: boolean },
  plan: RowPlan,
  log: ProblemLog,
  guard: DuplicateGuard,
  aggregates: CvrAggregate[],
): AsyncGenerator<CvrBallot[]> {
  const { file } = start;
  const tokenizer = new CsvTokenizer(file, start.linesRead);
  const decoder = new StringDecoder('utf8');
  function ballotsOf(rows: Iterable<CsvRow>): CvrBallot[] {
    const out: CvrBallot[] = [];
    for (const row of rows) {
      const ballot = toBallot(file, row, plan, log, aggregates);
      if (ballot) out.push(guard.check(ballot));
    }
    return out;
  }
  let text = decoder.write(start.bytes);
  if (!start.isFinal) {
    for (let chunk = await start.chunks.next(); !chunk.done; chunk = await start.chunks.next()) {
      const batch = ballotsOf(tokenizer.push(text));
      if (batch.length > 0) yield batch;
      text = decoder.write(toBuffer(chunk.value));
    }
  }
  const batch = ballotsOf(tokenizer.end(text + decoder.end()));
  if (batch.length > 0) yield batch;
}

function viewOf(bytes: Buffer): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), 'utf8');
}
