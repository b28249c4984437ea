const COMMA = 44;
const QUOTE = 34;
const EQUALS = 61;
const LF = 10;
const CR = 13;

/** `read` found the bytes end before the record does: call again with more. */
export const NEED_MORE = -1;
/** `read` met a record it leaves to the general tokenizer (a doubled quote, a line in quotes). */
export const NOT_SIMPLE = -2;

/**
 * Finds the cells of one CSV record in bytes without making a string: each cell's bounds go
 * into arrays reused for every record. It reads only what the general tokenizer
 * (`csv-tokenizer.ts`) reads the same way in every case: unquoted cells, and quoted (`"…"`, as
 * Dominion writes every cell in some versions) and Excel's `="…"` cells with no quote or line
 * break inside, in a file whose lines end with `\n` or `\r\n`. For anything else it answers
 * NOT_SIMPLE, and the caller hands the rest of the file to the general tokenizer.
 */
export class ByteCells {
  /** Cell `i` is bytes `starts[i]` to `ends[i]` (the quotes of a quoted cell left out). */
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  count = 0;

  /**
   * Reads the record at `pos` (not a blank line) in `bytes[0, end)`; returns where the next
   * one starts, NEED_MORE or NOT_SIMPLE. At the end of the input (`isFinal`) the last record
   * may end without a line break.
   */
  read(bytes: Uint8Array, pos: number, end: number, isFinal: boolean): number {
    // Bounds go into locals and the arrays are refetched only when they grow: this runs for
    // every cell of a county's export.
    let { starts, ends } = this;
    let n = 0;
    let p = pos;
    for (;;) {
      if (n === starts.length) {
        this.starts = starts = grown(starts);
        this.ends = ends = grown(ends);
      }
      const c = p < end ? bytes[p] : -1;
      if (c === EQUALS && p + 1 === end && !isFinal) return NEED_MORE;
      if (c === QUOTE || (c === EQUALS && bytes[p + 1] === QUOTE)) {
        const open = c === QUOTE ? p + 1 : p + 2;
        const close = closingQuote(bytes, open, end);
        if (close === NOT_SIMPLE || (close === NEED_MORE && isFinal)) return NOT_SIMPLE;
        if (close === NEED_MORE) return NEED_MORE;
        const after = close + 1 < end ? bytes[close + 1] : -1;
        if (after === -1 && !isFinal) return NEED_MORE;
        if (after === CR && close + 2 === end && !isFinal) return NEED_MORE;
        const isCellEnd =
          after === -1 ||
          after === COMMA ||
          after === LF ||
          (after === CR && bytes[close + 2] === LF);
        if (!isCellEnd) return NOT_SIMPLE;
        starts[n] = open;
        ends[n] = close;
        p = close + 1;
      } else {
        let k = p;
        for (; k < end; k += 1) {
          const d = bytes[k];
          if (d === COMMA || d === LF) break;
          if (d === CR) {
            if (k + 1 === end && !isFinal) return NEED_MORE;
            if (bytes[k + 1] === LF) break;
          }
        }
        starts[n] = p;
        ends[n] = k;
        p = k;
      }
      n += 1;
      if (p === end) {
        this.count = n;
        return isFinal ? end : NEED_MORE;
      }
      const d = bytes[p];
      if (d === COMMA) {
        p += 1;
        continue;
      }
      this.count = n;
      return d === LF ? p + 1 : p + 2;
    }
  }
}

/**
 * The first quote from `from`, NEED_MORE if there is none, or NOT_SIMPLE at a line break (a
 * cell over several lines is the general tokenizer's). A doubled quote is caught by the caller.
 */
function closingQuote(bytes: Uint8Array, from: number, end: number): number {
  for (let k = from; k < end; k += 1) {
    const c = bytes[k];
    if (c === QUOTE) return k;
    if (c === LF) return NOT_SIMPLE;
  }
  return NEED_MORE;
}

function grown(from: Int32Array): Int32Array<ArrayBuffer> {
  const to = new Int32Array(from.length * 2);
  to.set(from);
  return to;
}

/**
 * Where the first `records` non-blank records of `bytes` end (just past the line break), or -1
 * if they do not end inside it; quotes are paired to skip line breaks inside quoted cells. The
 * caller checks what it found against the general tokenizer.
 */
export function endOfRecords(bytes: Uint8Array, records: number): number {
  let found = 0;
  let isQuoted = false;
  let isBlank = true;
  for (let k = 0; k < bytes.length; k += 1) {
    const c = bytes[k];
    if (c === QUOTE) isQuoted = !isQuoted;
    if (isQuoted) {
      isBlank = false;
      continue;
    }
    if (c === LF) {
      if (!isBlank) found += 1;
      if (found === records) return k + 1;
      isBlank = true;
    } else if (c !== CR) {
      isBlank = false;
    }
  }
  return -1;
}
