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

async function collectStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * The zip reader asks for the central directory one record at a time (two reads each) and for
 * each entry's local header apart from its data. Against blob storage every read is a request,
 * so a walk of 10,000 entries would be 20,000 of them: small reads are served from a few
 * cached blocks instead, and only large reads (an image's packed bytes) go out on their own.
 */
class RangeReader extends yauzl.RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();

  constructor(private readonly source: ArchiveRangeSource) {
    super();
  }

  private block(index: number): Promise<Buffer> {
    const kept = this.blocks.get(index);
    if (kept) {
      // Most recently used last, so the oldest block is the one let go.
      this.blocks.delete(index);
      this.blocks.set(index, kept);
      return kept;
    }
    const start = index * BLOCK_BYTES;
    const fetched = this.source
      .read(start, Math.min(this.source.size, start + BLOCK_BYTES))
      .then(collectStream);
    fetched.catch(() => this.blocks.delete(index));
    this.blocks.set(index, fetched);
    for (const oldest of this.blocks.keys()) {
      if (this.blocks.size <= BLOCKS_KEPT) break;
      this.blocks.delete(oldest);
    }
    return fetched;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    const fail = (error: unknown) =>
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    const first = Math.floor(start / BLOCK_BYTES);
    const last = Math.floor((end - 1) / BLOCK_BYTES);
    if (end - start <= SMALL_READ_BYTES) {
      const wanted = Array.from({ length: last - first + 1 }, (_, i) => this.block(first + i));
      Promise.all(wanted).then((parts) => {
        // One block is sliced in place; a read across two joins them (rare, small).
        const [only] = parts;
        const joined = parts.length === 1 && only ? only : Buffer.concat(parts);
        const offset = start - first * BLOCK_BYTES;
        out.end(joined.subarray(offset, offset + (end - start)));
      }, fail);
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
}

/** Opens a zip by reading its end record and nothing else. */
export async function openZip(input: ArchiveInput): Promise<OpenedZip> {
  if (typeof input === 'string') {
    const size = (await stat(input)).size;
    return { name: basename(input), size, zip: await yauzl.openPromise(input, OPTIONS) };
  }
  const zip = await yauzl.fromRandomAccessReaderPromise(
    new RangeReader(input),
    input.size,
    OPTIONS,
  );
  return { name: input.name, size: input.size, zip };
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
