import type { CvrLocation } from './model.js';

/** A batch's numbers stay in a dense array while it is at most this many times fuller than used. */
const SPREAD = 4;

/** Integers a slab holds at most: the record numbers of every batch of an export share slabs. */
const SLAB = 1 << 18;

/**
 * Room for the batches' dense arrays, handed out from large slabs: a typed array of its own per
 * batch (and again at each growth) cost an allocation outside the heap apiece, a tenth of
 * reading a ballot.
 */
export class IdSlabs {
  data = new Int32Array(1024);
  top = 0;

  /** Where `size` zeroed integers start in `data`, which may be a new slab. */
  take(size: number): number {
    if (this.top + size > this.data.length) {
      // Small exports take small slabs; a county's take full ones.
      this.data = new Int32Array(Math.max(Math.min(this.data.length * 2, SLAB), size));
      this.top = 0;
    }
    const at = this.top;
    this.top = at + size;
    return at;
  }
}

/**
 * The ids of one batch (every id before its last dash alike): record numbers in a dense array
 * (slot `r` holds the ballot's number + 1), or in a map when they are spread out; other keys
 * as text. A county's batches number records 1, 2, 3…, so each id costs four bytes here.
 */
export class IdGroup {
  /** The dense array: `size` integers of `dense` from `base`. */
  private dense: Int32Array | undefined;
  private base = 0;
  private size = 0;
  private numbers: Map<number, number> | undefined;
  private texts: Map<string, number> | undefined;
  private count = 0;

  constructor(private readonly slabs: IdSlabs) {}

  /** The ballot number stored for record `n`, or -1. */
  getNumber(n: number): number {
    const { dense } = this;
    if (dense) return n < this.size ? (dense[this.base + n] as number) - 1 : -1;
    return this.numbers?.get(n) ?? -1;
  }

  setNumber(n: number, ballot: number): void {
    this.count += 1;
    if (this.numbers) {
      this.numbers.set(n, ballot);
      return;
    }
    if (n >= this.size) {
      const size = Math.max(this.size * 2, n + 1, 16);
      if (size > SPREAD * this.count + 64) {
        this.numbers = this.toMap();
        this.numbers.set(n, ballot);
        this.dense = undefined;
        this.size = 0;
        return;
      }
      const slabs = this.slabs;
      const base = slabs.take(size);
      const to = slabs.data;
      const from = this.dense;
      if (from) to.set(from.subarray(this.base, this.base + this.size), base);
      this.dense = to;
      this.base = base;
      this.size = size;
    }
    (this.dense as Int32Array)[this.base + n] = ballot + 1;
  }

  getText(key: string): number {
    return this.texts?.get(key) ?? -1;
  }

  setText(key: string, ballot: number): void {
    (this.texts ??= new Map()).set(key, ballot);
  }

  private toMap(): Map<number, number> {
    const numbers = new Map<number, number>();
    const { dense, base } = this;
    if (!dense) return numbers;
    for (let n = 0; n < this.size; n += 1) {
      const stored = dense[base + n] as number;
      if (stored > 0) numbers.set(n, stored - 1);
    }
    return numbers;
  }
}

/**
 * `key` as a record number when it is one written plainly (`0`, `17`, not `017`) in at most
 * nine digits, else -1.
 */
export function recordNumber(key: string): number {
  const length = key.length;
  if (length === 0 || length > 9) return -1;
  let n = 0;
  for (let k = 0; k < length; k += 1) {
    const d = key.charCodeAt(k) - 48;
    if (d < 0 || d > 9 || (d === 0 && k === 0 && length > 1)) return -1;
    n = n * 10 + d;
  }
  return n;
}

const NO_ROW = 1;
const NO_INDEX = 2;

/**
 * Where each ballot met so far came from, by its number: its row (or else its index) in one
 * integer, and its file in runs, since ballots come file by file.
 */
export class SeenLocations {
  private at = new Int32Array(1024);
  private count = 0;
  private readonly files: string[] = [];
  private readonly fileIds = new Map<string, number>();
  /** Ballot numbers where a run of one file and kind starts, and that run's file and kind. */
  private readonly runStarts: number[] = [];
  private readonly runKinds: number[] = [];
  private lastFile: string | undefined;
  private lastKind = -1;
  /** The index of a ballot that has both a row and an index (no reader gives both today). */
  private readonly indexes = new Map<number, number>();

  /** Stores a location; returns its ballot number. */
  add(source: CvrLocation): number {
    const n = this.count;
    if (n === this.at.length) {
      const to = new Int32Array(n * 2);
      to.set(this.at);
      this.at = to;
    }
    const { row, index } = source;
    const kind = (row === undefined ? NO_ROW : 0) | (index === undefined ? NO_INDEX : 0);
    if (source.file !== this.lastFile || kind !== this.lastKind) this.startRun(n, source, kind);
    this.at[n] = row ?? index ?? 0;
    if (row !== undefined && index !== undefined) this.indexes.set(n, index);
    this.count = n + 1;
    return n;
  }

  get(n: number): CvrLocation {
    let low = 0;
    let high = this.runStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.runStarts[mid] as number) <= n) low = mid;
      else high = mid - 1;
    }
    const packed = this.runKinds[low] ?? 0;
    const kind = packed & 3;
    const file = this.files[packed >> 2] ?? '';
    const at = this.at[n] ?? 0;
    if (kind === (NO_ROW | NO_INDEX)) return { file };
    if (kind === NO_INDEX) return { file, row: at };
    if (kind === NO_ROW) return { file, index: at };
    return { file, row: at, index: this.indexes.get(n) ?? 0 };
  }

  private startRun(n: number, source: CvrLocation, kind: number): void {
    let file = this.fileIds.get(source.file);
    if (file === undefined) {
      file = this.files.push(source.file) - 1;
      this.fileIds.set(source.file, file);
    }
    this.runStarts.push(n);
    this.runKinds.push((file << 2) | kind);
    this.lastFile = source.file;
    this.lastKind = kind;
  }
}
