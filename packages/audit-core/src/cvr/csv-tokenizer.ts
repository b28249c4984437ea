/** One CSV record with the 1-based line it ends on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

const COMMA = 44;
const QUOTE = 34;
const EQUALS = 61;
const LF = 10;
const CR = 13;

/** A record longer than this is an unclosed quote, not data; it would otherwise grow unbounded. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;

/**
 * A small CSV tokenizer fed text in chunks, at well over csv-parse's speed on wide exports.
 * Cells may be quoted (`"a, ""b"""`) or Excel-style (`="0123"`, read as `0123`); a quote inside
 * an unquoted cell, or after a closing quote, is kept as text; a record ends at `\n` or `\r\n`
 * outside quotes; empty lines are skipped but counted, so every record keeps its line number.
 */
export class CsvTokenizer {
  /** The text being read, from the first record not yet read (`pos`). */
  private text = '';
  private pos = 0;
  /** Lines fully read. */
  private line = 0;
  private isFirst = true;
  /** Line ends, known at the first line break: old Mac exports end lines with a lone CR. */
  private lineEnd: 'unknown' | 'lf' | 'cr' = 'unknown';
  /** Line breaks met inside quoted cells of the record being read. */
  private innerLines = 0;
  private cells: string[] = [];
  private cellCount = 0;
  /** Cells in the last record: rows of one file are alike, so the next array is made to fit. */
  private width = 0;
  private quotedValue = '';

  /**
   * `name` starts the messages of errors, as in `CVR_Export.csv row 12: …`. To go on reading a
   * file part of which was read by other means, give the lines already read (`linesRead`): the
   * text then starts mid-file, with no byte-order mark to drop, in a file whose lines end with
   * `\n` or `\r\n`.
   */
  constructor(
    private readonly name = 'CSV',
    linesRead?: number,
  ) {
    if (linesRead !== undefined) {
      this.line = linesRead;
      this.isFirst = false;
      this.lineEnd = 'lf';
    }
  }

  /**
   * Takes the next chunk; returns its records, read as they are iterated, so that each can be
   * dropped before the next is made (a chunk's worth made at once outlives young-generation
   * collections and is moved to the old one). Records left unread are read again after the
   * next push.
   */
  push(chunk: string): Generator<CsvRow, void, undefined> {
    this.take(chunk);
    return this.records(false);
  }

  /** Ends the input; returns the last records. Throws, naming the row, on a quote never closed. */
  end(chunk = ''): Generator<CsvRow, void, undefined> {
    this.take(chunk);
    if (this.text.endsWith('\r')) this.text = this.text.slice(0, -1);
    return this.records(true);
  }

  private take(chunk: string): void {
    if (this.isFirst && chunk.length > 0) {
      this.isFirst = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let text = this.text.slice(this.pos) + chunk;
    if (this.lineEnd === 'unknown') {
      const cr = text.indexOf('\r');
      const lf = text.indexOf('\n');
      if (lf >= 0 && (cr < 0 || lf < cr || lf === cr + 1)) this.lineEnd = 'lf';
      else if (cr >= 0 && cr + 1 < text.length) this.lineEnd = 'cr';
    }
    if (this.lineEnd === 'cr') text = text.replaceAll('\r', '\n');
    this.text = text;
    this.pos = 0;
  }

  private *records(isFinal: boolean): Generator<CsvRow, void, undefined> {
    const text = this.text;
    while (this.pos < text.length) {
      const pos = this.pos;
      const first = text.charCodeAt(pos);
      if (first === LF || (first === CR && text.charCodeAt(pos + 1) === LF)) {
        this.pos += first === LF ? 1 : 2;
        this.line += 1;
        continue;
      }
      if (first === CR && pos + 1 === text.length && !isFinal) break;
      this.innerLines = 0;
      this.cells = new Array<string>(this.width);
      this.cellCount = 0;
      const next = this.record(text, pos, isFinal);
      if (next < 0) break;
      if (this.cellCount < this.cells.length) this.cells.length = this.cellCount;
      this.width = this.cellCount;
      const row = { line: this.line + 1 + this.innerLines, cells: this.cells };
      this.line += 1 + this.innerLines;
      this.pos = next;
      yield row;
    }
    const left = text.length - this.pos;
    if (left > MAX_RECORD_CHARS) {
      throw new Error(
        `${this.name} row ${this.line + 1}: a record runs past ${MAX_RECORD_CHARS} characters`,
      );
    }
    if (isFinal && left > 0) {
      throw new Error(
        `${this.name} row ${this.line + 1}: a quote opened in this row is never closed`,
      );
    }
  }

  /**
   * Reads one record into `cells` from `start`; returns where the next one starts, or -1 when
   * the text ends before the record does and more may come.
   */
  private record(text: string, start: number, isFinal: boolean): number {
    const end = text.length;
    let pos = start;
    for (;;) {
      const c = text.charCodeAt(pos);
      let value = '';
      if (c === QUOTE || (c === EQUALS && text.charCodeAt(pos + 1) === QUOTE)) {
        pos = this.quoted(text, c === QUOTE ? pos + 1 : pos + 2, isFinal);
        if (pos < 0) return -1;
        value = this.quotedValue;
      }
      // Unquoted text, or what follows a stray closing quote.
      let k = pos;
      for (; k < end; k += 1) {
        const d = text.charCodeAt(k);
        if (d === COMMA || d === LF || (d === CR && text.charCodeAt(k + 1) === LF)) break;
        if (d === CR && k + 1 === end && !isFinal) return -1;
      }
      if (k > pos) value = value === '' ? text.slice(pos, k) : value + text.slice(pos, k);
      this.cells[this.cellCount] = value.length < MIN_SLICE ? value : ownCopy(value);
      this.cellCount += 1;
      if (k === end) return isFinal ? end : -1;
      const d = text.charCodeAt(k);
      if (d === COMMA) {
        pos = k + 1;
        continue;
      }
      return d === LF ? k + 1 : k + 2;
    }
  }

  /** Reads a quoted cell's text from `open` into `quotedValue`; returns where it ends, or -1. */
  private quoted(text: string, open: number, isFinal: boolean): number {
    const end = text.length;
    let value = '';
    let from = open;
    for (let k = open; k < end; k += 1) {
      const c = text.charCodeAt(k);
      if (c === LF) this.innerLines += 1;
      if (c !== QUOTE) continue;
      if (k + 1 === end && !isFinal) return -1;
      if (text.charCodeAt(k + 1) === QUOTE) {
        value += text.slice(from, k + 1);
        from = k + 2;
        k += 1;
        continue;
      }
      value += text.slice(from, k);
      const next = text.charCodeAt(k + 1);
      // A stray quote (`"5" Ballot`): keep it and read on as unquoted text.
      if (k + 1 < end && next !== COMMA && next !== LF && next !== CR) value += '"';
      this.quotedValue = excelText(value);
      return k + 1;
    }
    return -1;
  }
}

/** V8 copies shorter substrings; longer ones are views that keep their whole chunk alive. */
const MIN_SLICE = 13;

/**
 * A copy of a long cell that does not hold on to the chunk it was cut from, so that a reader
 * keeping ids for a million ballots keeps the ids, not the file.
 */
function ownCopy(value: string): string {
  return ` ${value}`.slice(1);
}

/** Excel-safe exports write `="0123"` so that leading zeros survive; we want `0123`. */
export function excelText(cell: string): string {
  if (cell.charCodeAt(0) === EQUALS && cell.startsWith('="') && cell.endsWith('"')) {
    return cell.slice(2, -1);
  }
  return cell;
}
