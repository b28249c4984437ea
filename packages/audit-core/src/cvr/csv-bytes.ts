/** Bytes the CSV readers look for. */
export const COMMA = 44;
export const QUOTE = 34;
export const EQUALS = 61;
export const LF = 10;
export const CR = 13;
export const ZERO = 48;
export const ONE = 49;

/** What a cell holds, as `ByteCells.kinds` says it. */
export const EMPTY_CELL = 0;
export const ZERO_CELL = 1;
export const ONE_CELL = 2;
export const OTHER_CELL = 3;

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
  /** Cell `i` is blank (EMPTY_CELL), a lone `0` or `1` (ZERO_CELL, ONE_CELL), or OTHER_CELL. */
  kinds = new Uint8Array(256);
  count = 0;

  /** Makes room for `cells` cells, so that a caller may fill bounds itself. */
  reserve(cells: number): void {
    while (this.starts.length < cells) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
      const more = new Uint8Array(this.kinds.length * 2);
      more.set(this.kinds);
      this.kinds = more;
    }
  }

  /**
   * Reads the record at `pos` (not a blank line) in `bytes[0, end)`; returns where the next
   * one starts, NEED_MORE or NOT_SIMPLE. At the end of the input (`isFinal`) the last record
   * may end without a line break.
   */
  read(bytes: Uint8Array, pos: number, end: number, isFinal: boolean): number {
    // Bounds go into locals and the arrays are refetched only when they grow: this runs for
    // every cell of a county's export.
    let { starts, ends, kinds } = this;
    let n = 0;
    let p = pos;
    for (;;) {
      if (n === starts.length) {
        this.starts = starts = grown(starts);
        this.ends = ends = grown(ends);
        const more = new Uint8Array(kinds.length * 2);
        more.set(kinds);
        this.kinds = kinds = more;
      }
      const c = p < end ? bytes[p] : -1;
      // Most cells of an export are one byte or none, some quoted: those first.
      if (p + 3 < end) {
        if (c === COMMA) {
          starts[n] = p;
          ends[n] = p;
          kinds[n] = EMPTY_CELL;
          n += 1;
          p += 1;
          continue;
        }
        const next = bytes[p + 1] as number;
        if (next === COMMA && c !== QUOTE && c !== LF && c !== CR) {
          starts[n] = p;
          ends[n] = p + 1;
          kinds[n] = c === ZERO ? ZERO_CELL : c === ONE ? ONE_CELL : OTHER_CELL;
          n += 1;
          p += 2;
          continue;
        }
        if (c === QUOTE && next === QUOTE && bytes[p + 2] === COMMA) {
          starts[n] = p + 1;
          ends[n] = p + 1;
          kinds[n] = EMPTY_CELL;
          n += 1;
          p += 3;
          continue;
        }
        if (
          c === QUOTE &&
          bytes[p + 2] === QUOTE &&
          bytes[p + 3] === COMMA &&
          next !== QUOTE &&
          next !== LF
        ) {
          starts[n] = p + 1;
          ends[n] = p + 2;
          kinds[n] = next === ZERO ? ZERO_CELL : next === ONE ? ONE_CELL : OTHER_CELL;
          n += 1;
          p += 4;
          continue;
        }
      }
      if (c === EQUALS && p + 1 === end && !isFinal) return NEED_MORE;
      if (c === QUOTE || (c === EQUALS && bytes[p + 1] === QUOTE)) {
        // A quoted cell that ends before a comma, with no quote or line break inside.
        const open = c === QUOTE ? p + 1 : p + 2;
        let k = open;
        while (k < end) {
          const d = bytes[k] as number;
          if (d === QUOTE || d === LF) break;
          k += 1;
        }
        if (k + 1 < end && bytes[k] === QUOTE && bytes[k + 1] === COMMA) {
          starts[n] = open;
          ends[n] = k;
          const only = bytes[open];
          kinds[n] =
            k === open
              ? EMPTY_CELL
              : k - open > 1
                ? OTHER_CELL
                : only === ZERO
                  ? ZERO_CELL
                  : only === ONE
                    ? ONE_CELL
                    : OTHER_CELL;
          n += 1;
          p = k + 2;
          continue;
        }
      }
      let from: number;
      if (c === QUOTE || (c === EQUALS && bytes[p + 1] === QUOTE)) {
        from = c === QUOTE ? p + 1 : p + 2;
        const close = closingQuote(bytes, from, end);
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
        from = p;
        ends[n] = k;
        p = k;
      }
      starts[n] = from;
      const length = (ends[n] as number) - from;
      const only = bytes[from];
      kinds[n] =
        length === 0
          ? EMPTY_CELL
          : length > 1
            ? OTHER_CELL
            : only === ZERO
              ? ZERO_CELL
              : only === ONE
                ? ONE_CELL
                : OTHER_CELL;
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
