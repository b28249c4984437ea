// Cells of a Dominion CSV record read from bytes, as `ByteBallots` reads them.
import { COMMA, CR, EQUALS, LF, QUOTE, ZERO, type ByteCells } from './csv-bytes.js';

/**
 * Where a plain cell at `p` ends (the byte after it, or after its closing quote): unquoted up to
 * a comma or line break, or `"…"` / `="…"` with no quote or line break inside; -1 for anything
 * else or a cell not ended before `end`. Its bounds go to `starts`/`ends` at `col` if given.
 */
export function plainCell(
  bytes: Buffer,
  p: number,
  end: number,
  starts: Int32Array | undefined,
  ends: Int32Array | undefined,
  col: number,
): number {
  const b = bytes[p];
  let from = p;
  if (b === QUOTE) from = p + 1;
  else if (b === EQUALS && bytes[p + 1] === QUOTE) from = p + 2;
  let k = from;
  if (from === p) {
    while (k < end) {
      const d = bytes[k];
      if (d === COMMA || d === LF || d === CR) break;
      k += 1;
    }
    if (k >= end) return -1;
    if (starts && ends) {
      starts[col] = p;
      ends[col] = k;
    }
    return k;
  }
  while (k < end) {
    const d = bytes[k];
    if (d === QUOTE || d === LF) break;
    k += 1;
  }
  if (k >= end || bytes[k] !== QUOTE) return -1;
  if (starts && ends) {
    starts[col] = from;
    ends[col] = k;
  }
  return k + 1;
}

/** A printable ASCII byte other than space: `trim` keeps it. */
export const isPrintable = (byte: number | undefined): boolean =>
  byte !== undefined && byte > 0x20 && byte < 0x7f;

/**
 * The number in cell `index` when it is written plainly, digits only with no leading zero
 * (so that `String` of it is the cell's text), else -1.
 */
export function plainNumber(bytes: Buffer, cells: ByteCells, index: number): number {
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
