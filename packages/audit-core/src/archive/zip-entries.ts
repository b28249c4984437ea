import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * An archive held somewhere that serves byte ranges (blob storage): the reader never fetches it
 * whole. `read` streams bytes `start` (inclusive) to `end` (exclusive).
 */
export interface ArchiveRangeSource {
  name: string;
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

/** A zip on disk by path, or one served by ranges. */
export type ArchiveInput = string | ArchiveRangeSource;

/** Guards against archives built to exhaust memory or time (zip bombs). */
export interface ArchiveLimits {
  /** Largest unpacked size of one entry, in bytes. */
  maxEntryBytes: number;
  /** Largest unpacked/packed ratio of one entry, checked for entries over `ratioFloorBytes`. */
  maxRatio: number;
  /** Entries smaller than this unpacked are not held to `maxRatio` (tiny files pack well). */
  ratioFloorBytes: number;
  /** Largest unpacked size of all entries together, as a multiple of the archive's size. */
  maxTotalRatio: number;
  /** Largest unpacked size of all entries together, in bytes. */
  maxTotalBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntryBytes: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  maxTotalRatio: 200,
  maxTotalBytes: 4 * 1024 ** 4,
};

/** Blocks of a ranged archive kept for the reader's small reads (directory records, headers). */
const BLOCK_BYTES = 64 * 1024;
const SMALL_READ_BYTES = 16 * 1024;
const BLOCKS_KEPT = 16;
/** Entries closer than this are fetched in one request, the bytes between them read unused. */
const SPAN_GAP_BYTES = 64 * 1024;
/** Largest span held in memory at once; a longer run of entries is cut at an entry's start. */
const SPAN_MAX_BYTES = 16 * 1024 * 1024;

async function collectStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** A byte range of the archive, `start` inclusive, `end` exclusive. */
export interface ByteSpan {
  start: number;
  end: number;
}

interface HeldSpan extends ByteSpan {
  bytes?: Promise<Buffer>;
}

/**
 * Joins the byte ranges of the entries a batch reads into as few requests as it can: ranges
 * that overlap, touch or lie within `SPAN_GAP_BYTES` of each other become one, up to
 * `SPAN_MAX_BYTES`.
 */
export function joinSpans(ranges: ByteSpan[]): ByteSpan[] {
  const sorted = [...ranges].filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const joined: ByteSpan[] = [];
  for (const range of sorted) {
    const last = joined.at(-1);
    if (!last || range.start - last.end > SPAN_GAP_BYTES) {
      joined.push({ ...range });
      continue;
    }
    const end = Math.max(last.end, range.end);
    if (end - last.start <= SPAN_MAX_BYTES) last.end = end;
    else if (range.start >= last.end) joined.push({ ...range });
    // An overlapping range past the cap is left out: its reads go out on their own.
  }
  return joined;
}

/**
 * The zip reader asks for the central directory one record at a time (two reads each) and for
 * each entry's local header apart from its data. Against blob storage every read is a request,
 * so a walk of 10,000 entries would be 20,000 of them: small reads are served from a few
 * cached blocks instead. A batch that names its entries beforehand (`hold`) has each run of
 * neighbouring entries fetched by one request, headers and data together; other large reads
 * (an image's packed bytes) go out on their own.
 */
class RangeReader extends yauzl.RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();
  /** Spans a batch will read, in order; one holds its bytes at a time. */
  private spans: HeldSpan[] = [];
  /** Blocks of the archive's tail, fetched together when the end record is looked for. */
  private readonly pinned = new Map<number, Promise<Buffer>>();

  constructor(private readonly source: ArchiveRangeSource) {
    super();
  }

  /** Names the byte spans about to be read, so each is fetched once and whole. */
  hold(spans: ByteSpan[]): void {
    this.spans = joinSpans(spans);
  }

  private fetch(start: number, end: number): Promise<Buffer> {
    return this.source.read(start, end).then(collectStream);
  }

  private block(index: number): Promise<Buffer> {
    const tail = this.pinned.get(index);
    if (tail) return tail;
    const kept = this.blocks.get(index);
    if (kept) {
      // Most recently used last, so the oldest block is the one let go.
      this.blocks.delete(index);
      this.blocks.set(index, kept);
      return kept;
    }
    const start = index * BLOCK_BYTES;
    const fetched = this.fetch(start, Math.min(this.source.size, start + BLOCK_BYTES));
    fetched.catch(() => this.blocks.delete(index));
    this.blocks.set(index, fetched);
    for (const oldest of this.blocks.keys()) {
      if (this.blocks.size <= BLOCKS_KEPT) break;
      this.blocks.delete(oldest);
    }
    return fetched;
  }

  /** The held span that covers `start..end`, its bytes fetched on first use. */
  private heldBytes(start: number, end: number): { span: HeldSpan; bytes: Promise<Buffer> } | null {
    let low = 0;
    let high = this.spans.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const span = this.spans[middle] as HeldSpan;
      if (span.end <= start) low = middle + 1;
      else if (span.start > start) high = middle - 1;
      else {
        if (end > span.end) return null;
        if (!span.bytes) {
          // Reads go forward through the batch: the span before is done with.
          for (const other of this.spans) if (other !== span) delete other.bytes;
          span.bytes = this.fetch(span.start, span.end);
          span.bytes.catch(() => delete span.bytes);
        }
        return { span, bytes: span.bytes };
      }
    }
    return null;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    const fail = (error: unknown) =>
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    const slice = (from: Promise<Buffer>, offset: number) =>
      from.then((bytes) => out.end(bytes.subarray(start - offset, end - offset)), fail);
    const held = this.heldBytes(start, end);
    if (held) {
      void slice(held.bytes, held.span.start);
      return out;
    }
    const first = Math.floor(start / BLOCK_BYTES);
    const last = Math.floor((end - 1) / BLOCK_BYTES);
    if (end - start <= SMALL_READ_BYTES) {
      const wanted = Array.from({ length: last - first + 1 }, (_, i) => this.block(first + i));
      // One block is sliced in place; a read across two joins them (rare, small).
      const joined = Promise.all(wanted).then((parts) =>
        parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts),
      );
      void slice(joined, first * BLOCK_BYTES);
      return out;
    }
    if (end === this.source.size && this.pinned.size === 0) {
      // The end record's search, widened to whole blocks and kept: the directory's last
      // records are in it, and no block of it is fetched again.
      const from = first * BLOCK_BYTES;
      const tail = this.fetch(from, end);
      for (let index = first; index <= last; index += 1) {
        const at = (index - first) * BLOCK_BYTES;
        const part = tail.then((bytes) => bytes.subarray(at, at + BLOCK_BYTES));
        part.catch(() => undefined);
        this.pinned.set(index, part);
      }
      tail.catch(() => this.pinned.clear());
      void slice(tail, from);
      return out;
    }
    this.source
      .read(start, end)
      .then((stream) => stream.on('error', (error: Error) => out.destroy(error)).pipe(out), fail);
    return out;
  }
}

const OPTIONS = {
  lazyEntries: true,
  autoClose: false,
  // Names are decoded and checked here so that one bad name skips its entry, not the archive.
  decodeStrings: false,
  validateEntrySizes: true,
} as const;

export interface OpenedZip {
  name: string;
  size: number;
  zip: ZipFile;
  /** Where the central directory starts: the entries' bytes all lie before it. */
  directoryOffset: number;
  /**
   * For an archive read by ranges: the entries about to be read, so that each run of them is
   * fetched by one request (see `entrySpans`). Absent for a file on disk.
   */
  hold?: (spans: ByteSpan[]) => void;
}

/** Opens a zip by reading its end record and nothing else. */
export async function openZip(input: ArchiveInput): Promise<OpenedZip> {
  // yauzl starts its directory cursor at the directory's offset and keeps it nowhere else.
  const directoryOf = (zip: ZipFile, size: number) => {
    const cursor = (zip as unknown as { readEntryCursor?: unknown }).readEntryCursor;
    return typeof cursor === 'number' ? cursor : size;
  };
  if (typeof input === 'string') {
    const size = (await stat(input)).size;
    const zip = await yauzl.openPromise(input, OPTIONS);
    return { name: basename(input), size, zip, directoryOffset: directoryOf(zip, size) };
  }
  const reader = new RangeReader(input);
  const zip = await yauzl.fromRandomAccessReaderPromise(reader, input.size, OPTIONS);
  return {
    name: input.name,
    size: input.size,
    zip,
    directoryOffset: directoryOf(zip, input.size),
    hold: (spans) => reader.hold(spans),
  };
}

/**
 * The byte spans of the chosen entries: each from its local header to the next entry's (or the
 * directory), which holds its header, packed bytes and any data descriptor. An entry whose
 * neighbours leave it less room than its packed size, or far more, is left out (its reads go
 * out on their own), so an odd archive is read as before, never wrongly.
 */
export function entrySpans(
  chosen: Entry[],
  offsets: number[],
  directoryOffset: number,
): ByteSpan[] {
  const sorted = Float64Array.from(offsets).sort();
  const nextAfter = (offset: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as number) <= offset) low = middle + 1;
      else high = middle;
    }
    return low < sorted.length ? Math.min(sorted[low] as number, directoryOffset) : directoryOffset;
  };
  const spans: ByteSpan[] = [];
  for (const entry of chosen) {
    const start = entry.relativeOffsetOfLocalHeader;
    const end = nextAfter(start);
    const least = 30 + entry.fileNameLength + entry.compressedSize;
    const most = least + 0xffff + 24 + SPAN_GAP_BYTES;
    if (end - start >= least && end - start <= Math.min(most, SPAN_MAX_BYTES))
      spans.push({ start, end });
  }
  return spans;
}

/** An entry of the central directory, with its decoded name, or why the name is refused. */
export interface ZipEntry {
  index: number;
  name: string;
  unsafe?: string;
  entry: Entry;
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry): void => (cleanup(), resolve(entry));
    const onEnd = (): void => (cleanup(), resolve(undefined));
    const onError = (error: Error): void => (cleanup(), reject(error));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function decodeName(entry: Entry): { name: string; unsafe?: string } {
  const raw = entry.fileName as unknown as Buffer;
  const name = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    raw,
    entry.extraFields,
    false,
  );
  const refused = yauzl.validateFileName(name);
  if (refused) return { name, unsafe: refused };
  if (name.includes('\0')) return { name, unsafe: `NUL character in fileName: ${name}` };
  return { name };
}

/** Walks the central directory in order, holding one entry at a time. */
export async function* zipEntries(zip: ZipFile): AsyncGenerator<ZipEntry> {
  let index = 0;
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    yield { index, entry, ...decodeName(entry) };
    index += 1;
  }
}

/** Unpacks one entry into memory, refusing to go past `limit` bytes whatever its header says. */
export function readEntryBytes(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy(new Error(`unpacks to more than ${limit} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks, size)));
    });
  });
}
