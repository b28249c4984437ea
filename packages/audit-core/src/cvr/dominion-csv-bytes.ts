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

/** What the byte path goes on from: the bytes after the header and the chunks still to come. */
export interface ByteStart {
  file: string;
  bytes: Buffer;
  chunks: AsyncIterator<unknown>;
  /** Lines the header took, blank ones included. */
  linesRead: number;
}

/**
 * Streams the ballots of a Dominion CSV's data rows read straight from bytes: no string per
 * cell and no array per row, and the contest votes that recur on every ballot (a contest left
 * blank, or one choice marked) made once and shared. The first record it does not read as the
 * general tokenizer would is read, with all after it, by the general tokenizer: both give the
 * same ballots, row numbers and problems.
 */
export function streamBallotsFromBytes(
  start: ByteStart,
  plan: RowPlan,
  log: ProblemLog,
  aggregates: CvrAggregate[],
): AsyncIterableIterator<CvrBallot> {
  return new ByteBallotStream(start, plan, log, aggregates);
}

/**
 * The ballots as one async iterator: a ballot whose record is already in hand is handed out at
 * once, without the generators and awaits a chunk's worth of batches would cost each ballot.
 */
class ByteBallotStream implements AsyncIterableIterator<CvrBallot> {
  private readonly guard: DuplicateGuard;
  private readonly rows: ByteRows;
  /** The general tokenizer's ballots, once the rest of the file is left to it. */
  private general: AsyncIterator<CvrBallot> | undefined;
  private isDone = false;

  constructor(
    private readonly start: ByteStart,
    private readonly plan: RowPlan,
    private readonly log: ProblemLog,
    private readonly aggregates: CvrAggregate[],
  ) {
    this.guard = new DuplicateGuard(log);
    const builder = new ByteBallots(start.file, plan, log, this.guard, aggregates);
    this.rows = new ByteRows(start, builder);
  }

  next(): Promise<IteratorResult<CvrBallot>> {
    if (this.general === undefined && !this.isDone) {
      const ballot = this.rows.next();
      if (ballot !== undefined) return Promise.resolve({ value: ballot, done: false });
    }
    return this.pull();
  }

  private async pull(): Promise<IteratorResult<CvrBallot>> {
    const { rows } = this;
    for (;;) {
      if (this.general) return this.general.next();
      if (this.isDone) return { value: undefined, done: true };
      const ballot = rows.next();
      if (ballot !== undefined) return { value: ballot, done: false };
      if (rows.notSimple) {
        this.general = this.generalRest();
        continue;
      }
      if (rows.isFinal) {
        this.isDone = true;
        continue;
      }
      const chunk = await this.start.chunks.next();
      rows.take(chunk.done ? undefined : toBuffer(chunk.value));
      // Let the general tokenizer say which row never ends.
      if (rows.isTooLong()) this.general = this.generalRest();
    }
  }

  private generalRest(): AsyncIterator<CvrBallot> {
    const { plan, log, guard, aggregates } = this;
    return flatten(generalBatches(this.rows.rest(), plan, log, guard, aggregates));
  }

  async return(): Promise<IteratorResult<CvrBallot>> {
    this.isDone = true;
    const general = this.general;
    this.general = undefined;
    if (general) await general.return?.();
    await this.start.chunks.return?.();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<CvrBallot> {
    return this;
  }
}

/** The records of the bytes taken so far, read one chunk at a time. */
class ByteRows {
  private bytes: Buffer;
  private pos = 0;
  /** Where the complete records may end: the bytes' end, less a CR that ends the input. */
  private end: number;
  private line: number;
  isFinal = false;
  /** Set when a record is left to the general tokenizer, at `pos`. */
  notSimple = false;

  constructor(
    private readonly start: ByteStart,
    private readonly builder: ByteBallots,
  ) {
    this.bytes = start.bytes;
    this.end = this.bytes.length;
    this.line = start.linesRead;
  }

  /** Adds the next chunk, or marks the end of the input. */
  take(more: Buffer | undefined): void {
    const { bytes, pos } = this;
    if (more === undefined) this.isFinal = true;
    const rest = bytes.subarray(pos);
    this.bytes = more === undefined ? rest : rest.length === 0 ? more : Buffer.concat([rest, more]);
    this.pos = 0;
    let end = this.bytes.length;
    // The general tokenizer drops a CR that ends the input.
    if (this.isFinal && end > 0 && this.bytes[end - 1] === CR) end -= 1;
    this.end = end;
  }

  isTooLong(): boolean {
    return this.bytes.length - this.pos > MAX_RECORD_CHARS;
  }

  /** What is left to read, from a record boundary, for the general tokenizer. */
  rest(): ByteStart & { isFinal: boolean } {
    const bytes = this.bytes.subarray(this.pos);
    return { ...this.start, bytes, linesRead: this.line, isFinal: this.isFinal };
  }

  /**
   * The next ballot among the complete records taken so far; undefined when they are used up
   * (or a record is left to the general tokenizer: `notSimple`).
   */
  next(): CvrBallot | undefined {
    const { bytes, end, isFinal, builder } = this;
    const { cells } = builder;
    while (this.pos < end) {
      const pos = this.pos;
      const first = bytes[pos];
      if (first === LF || (first === CR && pos + 1 < end && bytes[pos + 1] === LF)) {
        this.pos += first === LF ? 1 : 2;
        this.line += 1;
        continue;
      }
      if (first === CR && pos + 1 === end && !isFinal) return undefined;
      const after = builder.readRecord(bytes, pos, end, this.line + 1);
      if (after >= 0) {
        this.line += 1;
        this.pos = after;
        return builder.made;
      }
      const next = cells.read(bytes, pos, end, isFinal);
      if (next === NEED_MORE) return undefined;
      if (next === NOT_SIMPLE) {
        this.notSimple = true;
        return undefined;
      }
      this.line += 1;
      this.pos = next;
      const ballot = builder.ballot(bytes, cells, this.line);
      if (ballot) return ballot;
    }
    return undefined;
  }
}

/** Reads the rest of the file with the general tokenizer, from a record boundary. */
async function* generalBatches(
  start: ByteStart & { isFinal: boolean },
  plan: RowPlan,
  log: ProblemLog,
  guard: DuplicateGuard,
  aggregates: CvrAggregate[],
): AsyncGenerator<Iterable<CvrBallot>> {
  const { file } = start;
  const tokenizer = new CsvTokenizer(file, start.linesRead);
  const decoder = new StringDecoder('utf8');
  function* ballotsOf(rows: Iterable<CsvRow>): Generator<CvrBallot, void, undefined> {
    for (const row of rows) {
      const ballot = toBallot(file, row, plan, log, aggregates);
      if (ballot) yield guard.check(ballot);
    }
  }
  let text = decoder.write(start.bytes);
  if (!start.isFinal) {
    for (let chunk = await start.chunks.next(); !chunk.done; chunk = await start.chunks.next()) {
      yield ballotsOf(tokenizer.push(text));
      text = decoder.write(toBuffer(chunk.value));
    }
  }
  yield ballotsOf(tokenizer.end(text + decoder.end()));
}

/**
 * Batches as one stream of items. Items of a batch already made are handed out without the
 * await an async generator spends on each `yield`.
 */
function flatten<T>(batches: AsyncGenerator<Iterable<T>>): AsyncIterator<T> {
  let current: Iterator<T> | undefined;
  const pull = async (): Promise<IteratorResult<T>> => {
    for (let batch = await batches.next(); !batch.done; batch = await batches.next()) {
      current = batch.value[Symbol.iterator]();
      const item = current.next();
      if (!item.done) return item;
    }
    current = undefined;
    return { done: true, value: undefined };
  };
  return {
    next: () => {
      const item = current?.next();
      return item && !item.done ? Promise.resolve(item) : pull();
    },
    return: async () => {
      current = undefined;
      await batches.return(undefined);
      return { done: true, value: undefined };
    },
  };
}

export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), 'utf8');
}
