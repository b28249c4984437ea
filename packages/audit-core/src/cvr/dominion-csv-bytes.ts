import { StringDecoder } from 'node:string_decoder';
import {
  ByteCells,
  EMPTY_CELL,
  NEED_MORE,
  NOT_SIMPLE,
  ONE_CELL,
  OTHER_CELL,
  ZERO_CELL,
} from './csv-bytes.js';
import type { CsvRow } from './csv.js';
import { CsvTokenizer, MAX_RECORD_CHARS } from './csv-tokenizer.js';
import {
  BLANK,
  choiceValue,
  contestVote,
  toBallot,
  unsplitId,
  type RowPlan,
} from './dominion-csv-rows.js';
import type { ContestVote, CvrBallot, CvrMark } from './model.js';
import { DuplicateGuard, type ProblemLog } from './reader.js';

const LF = 10;
const CR = 13;
const ZERO = 48;
const DASH = 45;
/** Metadata values up to this many bytes are remembered, in this many places a column. */
const TEXT_BYTES = 32;
const TEXT_SLOTS = 256;

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
): AsyncIterableIterator<CvrBallot> {
  return flatten(byteBatches(start, plan, log));
}

/** A chunk's ballots at a time, each batch made as it is iterated. */
async function* byteBatches(
  start: ByteStart,
  plan: RowPlan,
  log: ProblemLog,
): AsyncGenerator<Iterable<CvrBallot>> {
  const guard = new DuplicateGuard(log);
  const rows = new ByteRows(start, new ByteBallots(start.file, plan, log, guard));
  for (;;) {
    yield rows.ballots();
    if (rows.notSimple) {
      yield* generalBatches(rows.rest(), plan, log, guard);
      return;
    }
    if (rows.isFinal) return;
    const chunk = await start.chunks.next();
    rows.take(chunk.done ? undefined : toBuffer(chunk.value));
    if (rows.isTooLong()) {
      // Let the general tokenizer say which row never ends.
      yield* generalBatches(rows.rest(), plan, log, guard);
      return;
    }
  }
}

/** The records of the bytes taken so far, read one chunk at a time. */
class ByteRows {
  private bytes: Buffer;
  private pos = 0;
  private line: number;
  private readonly cells = new ByteCells();
  isFinal = false;
  /** Set when a record is left to the general tokenizer, at `pos`. */
  notSimple = false;

  constructor(
    private readonly start: ByteStart,
    private readonly builder: ByteBallots,
  ) {
    this.bytes = start.bytes;
    this.line = start.linesRead;
  }

  /** Adds the next chunk, or marks the end of the input. */
  take(more: Buffer | undefined): void {
    const { bytes, pos } = this;
    if (more === undefined) this.isFinal = true;
    const rest = bytes.subarray(pos);
    this.bytes = more === undefined ? rest : rest.length === 0 ? more : Buffer.concat([rest, more]);
    this.pos = 0;
  }

  isTooLong(): boolean {
    return this.bytes.length - this.pos > MAX_RECORD_CHARS;
  }

  /** What is left to read, from a record boundary, for the general tokenizer. */
  rest(): ByteStart & { isFinal: boolean } {
    const bytes = this.bytes.subarray(this.pos);
    return { ...this.start, bytes, linesRead: this.line, isFinal: this.isFinal };
  }

  /** The ballots of the complete records taken so far. */
  *ballots(): Generator<CvrBallot, void, undefined> {
    const { bytes, cells, isFinal } = this;
    let end = bytes.length;
    // The general tokenizer drops a CR that ends the input.
    if (isFinal && end > this.pos && bytes[end - 1] === CR) end -= 1;
    while (this.pos < end) {
      const pos = this.pos;
      const first = bytes[pos];
      if (first === LF || (first === CR && bytes[pos + 1] === LF)) {
        this.pos += first === LF ? 1 : 2;
        this.line += 1;
        continue;
      }
      if (first === CR && pos + 1 === end && !isFinal) return;
      const next = cells.read(bytes, pos, end, isFinal);
      if (next === NEED_MORE) return;
      if (next === NOT_SIMPLE) {
        this.notSimple = true;
        return;
      }
      this.line += 1;
      this.pos = next;
      const ballot = this.builder.ballot(bytes, cells, this.line);
      if (ballot) yield ballot;
    }
  }
}

/** Reads the rest of the file with the general tokenizer, from a record boundary. */
async function* generalBatches(
  start: ByteStart & { isFinal: boolean },
  plan: RowPlan,
  log: ProblemLog,
  guard: DuplicateGuard,
): AsyncGenerator<Iterable<CvrBallot>> {
  const { file } = start;
  const tokenizer = new CsvTokenizer(file, start.linesRead);
  const decoder = new StringDecoder('utf8');
  function* ballotsOf(rows: Iterable<CsvRow>): Generator<CvrBallot, void, undefined> {
    for (const row of rows) {
      const ballot = toBallot(file, row, plan, log);
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
function flatten<T>(batches: AsyncGenerator<Iterable<T>>): AsyncIterableIterator<T> {
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
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Builds ballots from the cells of one record, as `toBallot` does from strings, and checks
 * them for repeats.
 */
class ByteBallots {
  /** Per contest: the vote with no mark, and with each single choice marked. */
  private readonly none: ContestVote[];
  private readonly single: ContestVote[][];
  /** Every choice column in header order; contest `c`'s are up to `contestEnds[c]`. */
  private readonly columnIndex: Int32Array;
  private readonly columnMark: CvrMark[];
  private readonly contestEnds: Int32Array;
  /** Metadata texts already made, by column: most repeat (a batch's tabulator, a style). */
  private readonly texts: CellTexts;
  /** The columns an id is made of: tabulator, batch, record. */
  private readonly idParts: Int32Array;
  /** `tabulator-batch-` of the last ids made, for the strings it was made of. */
  private prefix = '';
  private prefixTabulator: string | undefined;
  private prefixBatch: string | undefined;

  constructor(
    private readonly file: string,
    private readonly plan: RowPlan,
    private readonly log: ProblemLog,
    private readonly guard: DuplicateGuard,
  ) {
    this.texts = new CellTexts(Object.values(plan.field));
    this.none = plan.contests.map((contest) => Object.freeze(contestVote(contest, [])));
    this.single = plan.contests.map((contest) =>
      contest.columns.map((column) => Object.freeze(contestVote(contest, [column.mark]))),
    );
    const { tabulatornum, batchid, recordid } = plan.field;
    this.idParts = Int32Array.of(tabulatornum, batchid, recordid);
    const all = plan.contests.flatMap((contest) => contest.columns);
    this.columnIndex = Int32Array.from(all, (column) => column.index);
    this.columnMark = all.map((column) => column.mark);
    let end = 0;
    this.contestEnds = Int32Array.from(plan.contests, (contest) => (end += contest.columns.length));
  }

  /** The ballot of one record, checked for a repeat; undefined (a problem logged) if malformed. */
  ballot(bytes: Buffer, cells: ByteCells, line: number): CvrBallot | undefined {
    const { width, field: at } = this.plan;
    if (cells.count < width) {
      const message = `row ${line}: ${cells.count} cells, the header has ${width}`;
      this.log.error('malformed-row', this.file, line, message);
      return undefined;
    }
    const contests = this.contests(bytes, cells, line);
    if (!contests) return undefined;
    const tabulator = this.text(bytes, cells, at.tabulatornum);
    const batch = this.text(bytes, cells, at.batchid);
    // Record and CVR numbers differ on every row: read as numbers where they are written
    // plainly, their text is the number's.
    const recordNumber = plainNumber(bytes, cells, at.recordid);
    const record = recordNumber >= 0 ? String(recordNumber) : this.text(bytes, cells, at.recordid);
    const hasParts = tabulator !== undefined && batch !== undefined && record !== undefined;
    const joined = hasParts ? this.prefixOf(tabulator, batch) + record : undefined;
    const imprintedId =
      joined !== undefined && this.isJoined(bytes, cells, at)
        ? joined
        : this.text(bytes, cells, at.imprintedid);
    const cvrDigits = plainNumber(bytes, cells, at.cvrnumber);
    const cvrNumber = cvrDigits >= 0 ? String(cvrDigits) : this.text(bytes, cells, at.cvrnumber);
    const ballot: CvrBallot = {
      id: joined ?? unsplitId(imprintedId, cvrNumber, line),
      source: { file: this.file, row: line },
      cvrNumber,
      tabulator,
      batch,
      record,
      imprintedId,
      countingGroup: this.text(bytes, cells, at.countinggroup),
      precinctPortion: this.text(bytes, cells, at.precinctportion),
      style: this.text(bytes, cells, at.ballottype),
      contests,
    };
    return hasParts && recordNumber >= 0
      ? this.guard.checkRecord(ballot, tabulator, batch, recordNumber)
      : this.guard.check(ballot);
  }

  private prefixOf(tabulator: string, batch: string): string {
    if (tabulator !== this.prefixTabulator || batch !== this.prefixBatch) {
      this.prefix = `${tabulator}-${batch}-`;
      this.prefixTabulator = tabulator;
      this.prefixBatch = batch;
    }
    return this.prefix;
  }

  /**
   * Whether the imprinted id's cell holds the tabulator's, batch's and record's bytes joined by
   * dashes (as Dominion prints it), each of them with no space or other byte `trim` would cut
   * at its ends, so that its text is theirs joined.
   */
  private isJoined(bytes: Buffer, cells: ByteCells, at: RowPlan['field']): boolean {
    const { starts, ends, count } = cells;
    const parts = this.idParts;
    const index = at.imprintedid;
    if (index < 0 || index >= count) return false;
    let p = starts[index] as number;
    const end = ends[index] as number;
    for (let k = 0; k < 3; k += 1) {
      const part = parts[k] as number;
      const from = starts[part] as number;
      const to = ends[part] as number;
      if (to === from || !isPlain(bytes[from]) || !isPlain(bytes[to - 1])) return false;
      if (k > 0) {
        if (p >= end || bytes[p] !== DASH) return false;
        p += 1;
      }
      if (p + to - from > end) return false;
      for (let q = from; q < to; q += 1, p += 1) if (bytes[p] !== bytes[q]) return false;
    }
    return p === end;
  }

  private contests(bytes: Buffer, cells: ByteCells, line: number): ContestVote[] | undefined {
    const { kinds } = cells;
    const { columnIndex, columnMark, contestEnds } = this;
    const contests: ContestVote[] = [];
    let j = 0;
    for (let c = 0; c < contestEnds.length; c += 1) {
      const contestStart = j;
      const contestEnd = contestEnds[c] as number;
      let isOnCard = false;
      let firstAt = -1;
      let marks: CvrMark[] | undefined;
      for (; j < contestEnd; j += 1) {
        const index = columnIndex[j] as number;
        let kind = kinds[index];
        if (kind === EMPTY_CELL) continue;
        if (kind === OTHER_CELL) {
          const text = bytes.toString('utf8', cells.starts[index], cells.ends[index]);
          const read = choiceValue(this.file, text, line, index, this.log);
          if (read === undefined) return undefined;
          if (read === BLANK) continue;
          kind = read === 0 ? ZERO_CELL : ONE_CELL;
        }
        isOnCard = true;
        if (kind === ZERO_CELL) continue;
        const mark = columnMark[j] as CvrMark;
        if (firstAt < 0) firstAt = j;
        else if (marks === undefined) marks = [columnMark[firstAt] as CvrMark, mark];
        else marks.push(mark);
      }
      if (!isOnCard) continue;
      const shared = marks
        ? undefined
        : firstAt >= 0
          ? this.single[c]?.[firstAt - contestStart]
          : this.none[c];
      const contest = this.plan.contests[c] as RowPlan['contests'][number];
      contests.push(
        shared ??
          contestVote(contest, marks ?? (firstAt >= 0 ? [columnMark[firstAt] as CvrMark] : [])),
      );
    }
    return contests;
  }

  /** A metadata cell's text, trimmed; undefined when blank or missing (as `cellText`). */
  private text(bytes: Buffer, cells: ByteCells, index: number): string | undefined {
    if (index < 0 || index >= cells.count) return undefined;
    return this.texts.text(
      bytes,
      cells.starts[index] as number,
      cells.ends[index] as number,
      index,
    );
  }
}

/** Texts per column made before, found again by their bytes. */
class CellTexts {
  private readonly rowOf: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly lengths: Int32Array;
  private readonly values: (string | undefined)[];

  /** For the cells of these columns. */
  constructor(columns: number[]) {
    this.rowOf = new Int32Array(Math.max(0, ...columns) + 1).fill(-1);
    let rows = 0;
    for (const column of columns) if (column >= 0) this.rowOf[column] = rows++;
    this.bytes = new Uint8Array(rows * TEXT_SLOTS * TEXT_BYTES);
    this.lengths = new Int32Array(rows * TEXT_SLOTS).fill(-1);
    this.values = new Array<string | undefined>(rows * TEXT_SLOTS).fill(undefined);
  }

  /** The trimmed text of bytes `from` to `to` of column `column`; undefined when blank. */
  text(bytes: Buffer, from: number, to: number, column: number): string | undefined {
    const length = to - from;
    const row = this.rowOf[column] ?? -1;
    if (row < 0 || length > TEXT_BYTES) return textOf(bytes, from, to);
    let hash = length;
    for (let k = from; k < to; k += 1) {
      hash = Math.imul(hash ^ (bytes[k] as number), 0x01000193);
    }
    hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
    hash ^= hash >>> 12;
    // Two places for each hash, so that two values of a column that meet seldom thrash.
    const first = row * TEXT_SLOTS + (hash & (TEXT_SLOTS - 2));
    if (this.isAt(first, bytes, from, length)) return this.values[first];
    if (this.isAt(first + 1, bytes, from, length)) return this.values[first + 1];
    const slot = this.lengths[first] === -1 || this.lengths[first + 1] !== -1 ? first : first + 1;
    const value = textOf(bytes, from, to);
    this.bytes.set(bytes.subarray(from, to), slot * TEXT_BYTES);
    this.lengths[slot] = length;
    this.values[slot] = value;
    return value;
  }

  private isAt(slot: number, bytes: Buffer, from: number, length: number): boolean {
    if (this.lengths[slot] !== length) return false;
    const stored = this.bytes;
    const at = slot * TEXT_BYTES;
    let k = 0;
    while (k < length && bytes[from + k] === stored[at + k]) k += 1;
    return k === length;
  }
}

function textOf(bytes: Buffer, from: number, to: number): string | undefined {
  const text = bytes.toString('utf8', from, to).trim();
  return text === '' ? undefined : text;
}

/** A printable ASCII byte other than space: `trim` keeps it. */
const isPlain = (byte: number | undefined): boolean =>
  byte !== undefined && byte > 0x20 && byte < 0x7f;

/**
 * The number in cell `index` when it is written plainly, digits only with no leading zero
 * (so that `String` of it is the cell's text), else -1.
 */
function plainNumber(bytes: Buffer, cells: ByteCells, index: number): number {
  if (index < 0 || index >= cells.count) return -1;
  const from = cells.starts[index] as number;
  const to = cells.ends[index] as number;
  const length = to - from;
  if (length === 0 || length > 9 || (bytes[from] === ZERO && length > 1)) return -1;
  let n = 0;
  for (let k = from; k < to; k += 1) {
    const d = (bytes[k] as number) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), 'utf8');
}
