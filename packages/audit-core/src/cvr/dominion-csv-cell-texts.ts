/** Metadata values up to this many bytes are remembered, in this many places a column. */
const TEXT_BYTES = 32;
const TEXT_SLOTS = 256;

/** Texts per column made before, found again by their bytes. */
export class CellTexts {
  private readonly rowOf: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly lengths: Int32Array;
  private readonly values: (string | undefined)[];
  /** Per column, the slot of its last text: a batch's tabulator repeats record after record. */
  private readonly lastSlot: Int32Array;

  /** For the cells of these columns. */
  constructor(columns: number[]) {
    this.rowOf = new Int32Array(Math.max(0, ...columns) + 1).fill(-1);
    let rows = 0;
    for (const column of columns) if (column >= 0) this.rowOf[column] = rows++;
    this.bytes = new Uint8Array(rows * TEXT_SLOTS * TEXT_BYTES);
    this.lengths = new Int32Array(rows * TEXT_SLOTS).fill(-1);
    this.values = new Array<string | undefined>(rows * TEXT_SLOTS).fill(undefined);
    this.lastSlot = new Int32Array(rows).fill(-1);
  }

  /** The trimmed text of bytes `from` to `to` of column `column`; undefined when blank. */
  text(bytes: Buffer, from: number, to: number, column: number): string | undefined {
    const length = to - from;
    const row = this.rowOf[column] ?? -1;
    if (row < 0 || length > TEXT_BYTES) return textOf(bytes, from, to);
    const last = this.lastSlot[row] as number;
    if (last >= 0 && this.isAt(last, bytes, from, length)) return this.values[last];
    let hash = length;
    for (let k = from; k < to; k += 1) {
      hash = Math.imul(hash ^ (bytes[k] as number), 0x01000193);
    }
    hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
    hash ^= hash >>> 12;
    // Two places for each hash, so that two values of a column that meet seldom thrash.
    const first = row * TEXT_SLOTS + (hash & (TEXT_SLOTS - 2));
    let slot = first;
    if (!this.isAt(first, bytes, from, length)) {
      slot = first + 1;
      if (!this.isAt(slot, bytes, from, length)) {
        slot = this.lengths[first] === -1 || this.lengths[first + 1] !== -1 ? first : first + 1;
        this.bytes.set(bytes.subarray(from, to), slot * TEXT_BYTES);
        this.lengths[slot] = length;
        this.values[slot] = textOf(bytes, from, to);
      }
    }
    this.lastSlot[row] = slot;
    return this.values[slot];
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

export function textOf(bytes: Buffer, from: number, to: number): string | undefined {
  const text = bytes.toString('utf8', from, to).trim();
  return text === '' ? undefined : text;
}
