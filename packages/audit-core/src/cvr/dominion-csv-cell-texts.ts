/** Metadata values up to this many bytes are remembered, in this many places a column. */
const TEXT_BYTES = 32;
const TEXT_SLOTS = 256;
/** Values this short are told apart by their length and bytes packed in one integer. */
const PACKED_BYTES = 3;

/** Texts per column made before, found again by their bytes. */
export class CellTexts {
  private readonly rowOf: Int32Array;
  private readonly bytes: Uint8Array;
  /** Per place: its value's length and first bytes packed (`packed`), -1 when empty. */
  private readonly keys: Int32Array;
  private readonly values: (string | undefined)[];
  /** Per column, the place of its last text: a batch's tabulator repeats record after record. */
  private readonly lastSlot: Int32Array;

  /** For the cells of these columns. */
  constructor(columns: number[]) {
    this.rowOf = new Int32Array(Math.max(0, ...columns) + 1).fill(-1);
    let rows = 0;
    for (const column of columns) if (column >= 0) this.rowOf[column] = rows++;
    this.bytes = new Uint8Array(rows * TEXT_SLOTS * TEXT_BYTES);
    this.keys = new Int32Array(rows * TEXT_SLOTS).fill(-1);
    this.values = new Array<string | undefined>(rows * TEXT_SLOTS).fill(undefined);
    this.lastSlot = new Int32Array(rows).fill(-1);
  }

  /** The trimmed text of bytes `from` to `to` of column `column`; undefined when blank. */
  text(bytes: Buffer, from: number, to: number, column: number): string | undefined {
    const length = to - from;
    const row = this.rowOf[column] ?? -1;
    if (row < 0 || length > TEXT_BYTES) return textOf(bytes, from, to);
    const key = packed(bytes, from, length);
    const last = this.lastSlot[row] as number;
    if (last >= 0 && this.isAt(last, key, bytes, from, length)) return this.values[last];
    let hash = key;
    for (let k = from + PACKED_BYTES; k < to; k += 1) {
      hash = Math.imul(hash ^ (bytes[k] as number), 0x01000193);
    }
    hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
    hash ^= hash >>> 12;
    // Two places for each hash, so that two values of a column that meet seldom thrash.
    const first = row * TEXT_SLOTS + (hash & (TEXT_SLOTS - 2));
    let slot = first;
    if (!this.isAt(first, key, bytes, from, length)) {
      slot = first + 1;
      if (!this.isAt(slot, key, bytes, from, length)) {
        const { keys } = this;
        slot = keys[first] === -1 || keys[first + 1] !== -1 ? first : first + 1;
        this.bytes.set(bytes.subarray(from, to), slot * TEXT_BYTES);
        keys[slot] = key;
        this.values[slot] = textOf(bytes, from, to);
      }
    }
    this.lastSlot[row] = slot;
    return this.values[slot];
  }

  private isAt(slot: number, key: number, bytes: Buffer, from: number, length: number): boolean {
    if (this.keys[slot] !== key) return false;
    const stored = this.bytes;
    const at = slot * TEXT_BYTES;
    let k = PACKED_BYTES;
    while (k < length && bytes[from + k] === stored[at + k]) k += 1;
    return k >= length;
  }
}

/** A value's length (at most 32) and its first three bytes, in one integer ≥ 0. */
function packed(bytes: Buffer, from: number, length: number): number {
  let key = length;
  const n = length < PACKED_BYTES ? length : PACKED_BYTES;
  for (let k = 0; k < n; k += 1) key = (key << 8) | (bytes[from + k] as number);
  return key;
}

/** A number's last four digits; its head is the rest. */
const TAIL = 10_000;
/** Heads with texts made up front: numbers below 10,000,000 (a county's CVR numbers). */
const HEADS = 1_000;

interface NumberTexts {
  /** `String(n)` for n below 10,000. */
  small: string[];
  /** The same four digits with their leading zeros (`0042`). */
  four: string[];
  /** `String(h)` for heads h ≥ 1, and '' for head 0. */
  heads: string[];
}

let tables: NumberTexts | undefined;

/** Made once, when the first Dominion CSV is read from bytes (20,000 short strings). */
function numberTables(): NumberTexts {
  const small = Array.from({ length: TAIL }, (_, n) => String(n));
  const four = small.map((text) => text.padStart(4, '0'));
  const heads = small.slice(0, HEADS);
  heads[0] = '';
  return { small, four, heads };
}

/**
 * `String(n)` for a whole number `n` ≥ 0 of at most nine digits. Every number below 10,000,000
 * takes the same steps: the text of its head joined to that of its last four digits, from tables
 * made up front. (Texts cached as met meant a first-time branch: a number met for the first time
 * cost `String` a call into the runtime, and the first CVR number past the cache's end sent the
 * compiled reader back to the interpreter, to be compiled again.)
 */
export function numberText(n: number): string {
  const { small, four, heads } = (tables ??= numberTables());
  const head = (n / TAIL) | 0;
  if (head >= HEADS) return String(n);
  // Head 0 is '' and its tail has no leading zeros: joining to '' makes no new string.
  return (heads[head] as string) + ((head === 0 ? small : four)[n - head * TAIL] as string);
}

export function textOf(bytes: Buffer, from: number, to: number): string | undefined {
  const text = bytes.toString('utf8', from, to).trim();
  return text === '' ? undefined : text;
}
