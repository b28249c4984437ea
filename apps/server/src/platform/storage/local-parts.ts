import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { open, readdir, type FileHandle, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobError, type StoredPart } from './blob-store.js';
import { DIRECT_ALIGN, directWriter } from './direct-writes.js';
import { flushEarly, syncFile, writeFileAtomic } from './durable.js';

/** What the local store keeps about one multipart upload (`meta.json`). */
export interface UploadMeta {
  key: string;
  contentType: string;
  /** Every part but the last has exactly this size: part n starts at (n - 1) * partSize. */
  partSize: number;
  /** The declared size. */
  size: number;
}

interface PartAck {
  etag: string;
  size: number;
}

export async function readMeta(dir: string): Promise<UploadMeta> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as UploadMeta;
    if (!Number.isInteger(meta.partSize) || meta.partSize < 1) throw new Error('no part size');
    return meta;
  } catch {
    throw new BlobError('NoSuchUpload', 'The upload does not exist.');
  }
}

/** The upload's bytes: one file, each part written at its own offset. */
export const dataFile = (dir: string) => path.join(dir, 'data');
/** Bytes per write: on this kernel a write of 1 MiB or more fills the page cache far slower. */
const WRITE_BATCH = 256 * 1024;
const ackFile = (dir: string, partNumber: number) => path.join(dir, `${partNumber}.json`);

const require = createRequire(import.meta.url);

type Blake3 = typeof import('@napi-rs/blake-hash').Blake3Hasher;

/** BLAKE3 from its prebuilt binding; null where none is built for the platform. */
function loadBlake3(): Blake3 | null {
  try {
    return (require('@napi-rs/blake-hash') as typeof import('@napi-rs/blake-hash')).Blake3Hasher;
  } catch {
    return null;
  }
}
const Blake3Hasher = loadBlake3();

/**
 * A part's ETag: the first 128 bits of its BLAKE3 digest, quoted like S3's MD5 ETags. Clients
 * treat ETags as opaque; BLAKE3 hashes a part about four times faster than SHA-256 on the CPU's
 * SHA extensions, which was the largest share of the server's CPU per uploaded byte. Where the
 * binding is missing, SHA-256.
 */
export function partHash() {
  if (Blake3Hasher) {
    const hash = new Blake3Hasher();
    return {
      update: (chunk: Buffer) => hash.update(chunk),
      etag: () => `"${hash.digestBuffer().subarray(0, 16).toString('hex')}"`,
    };
  }
  const hash = createHash('sha256');
  return {
    update: (chunk: Buffer) => hash.update(chunk),
    etag: () => `"${hash.digest().subarray(0, 16).toString('hex')}"`,
  };
}

async function writeAll(file: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  const total = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  let written = 0;
  while (written < total) {
    const rest = written === 0 ? buffers : [Buffer.concat(buffers).subarray(written)];
    written += (await file.writev(rest, position + written)).bytesWritten;
  }
}

/** Bytes a part writes through the page cache between early flushes (`flushEarly`). */
const EARLY_FLUSH_BYTES = 4 * 1024 * 1024;

/**
 * Writes a part's chunks through the page cache from `position`, in batches with one write in
 * flight, starting a flush every few MiB. Where direct writes do not work.
 */
async function bufferedWriter(dir: string, position: number) {
  const file = await open(dataFile(dir), 'r+');
  let writing: Promise<void> = Promise.resolve();
  // The early flush this part started, if one is running.
  const early: { flush: Promise<void> | null } = { flush: null };
  let unflushed = 0;
  let batch: Buffer[] = [];
  let batched = 0;
  // One write in flight while the next batch is read and hashed.
  const flush = async () => {
    await writing;
    const buffers = batch;
    const at = position;
    position += batched;
    batch = [];
    batched = 0;
    writing = writeAll(file, buffers, at);
    unflushed += position - at;
    if (unflushed >= EARLY_FLUSH_BYTES && !early.flush) {
      unflushed = 0;
      // A failed write is the loop's to report; this promise never rejects.
      early.flush = writing
        .then(
          () => flushEarly(dataFile(dir), file),
          () => undefined,
        )
        .finally(() => {
          early.flush = null;
        });
    }
  };
  return {
    async push(chunk: Buffer): Promise<void> {
      batch.push(chunk);
      batched += chunk.length;
      // Network chunks are small; one positioned write per batch keeps the disk calls few.
      if (batched >= WRITE_BATCH) await flush();
    },
    async end(): Promise<void> {
      await flush();
      await writing;
    },
    async close(): Promise<void> {
      await writing.catch(() => undefined);
      // The handle stays open until a flush started through it is done.
      await early.flush;
      await file.close();
    },
  };
}

/**
 * Streams one part into the data file at its offset and answers its ETag and size. The part's
 * acknowledgement is removed before its bytes change and written (atomically) only after they
 * are on disk, so a part cut off by a crash or a newer attempt is never listed as acknowledged.
 * `direct`: the store's disk takes direct writes (used when the part size keeps them aligned).
 */
export async function writePart(
  dir: string,
  meta: UploadMeta,
  partNumber: number,
  body: Readable,
  signal: AbortSignal,
  direct: boolean,
): Promise<PartAck> {
  const hash = partHash();
  let size = 0;
  await rm(ackFile(dir, partNumber), { force: true });
  const position = (partNumber - 1) * meta.partSize;
  const writer =
    direct && meta.partSize % DIRECT_ALIGN === 0
      ? directWriter(dataFile(dir), position)
      : await bufferedWriter(dir, position);
  const stop = () => body.destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      // Checked before writing: a longer part would overwrite the next part's bytes.
      if (size + chunk.length > meta.partSize) {
        throw new BlobError('EntityTooLarge', `A part may hold at most ${meta.partSize} bytes.`);
      }
      size += chunk.length;
      hash.update(chunk);
      await writer.push(chunk);
    }
    if (signal.aborted) throw signal.reason;
    await writer.end();
  } finally {
    signal.removeEventListener('abort', stop);
    await writer.close();
  }
  // Acknowledged means on the disk: the client will not send this part again.
  await syncFile(dataFile(dir));
  const ack = { etag: hash.etag(), size };
  await writeFileAtomic(ackFile(dir, partNumber), JSON.stringify(ack));
  return ack;
}

export async function listAckedParts(dir: string): Promise<StoredPart[]> {
  const names = await readdir(dir).catch(() => {
    throw new BlobError('NoSuchUpload', 'The upload does not exist.');
  });
  const parts: StoredPart[] = [];
  for (const name of names) {
    const match = /^(\d+)\.json$/.exec(name);
    if (!match) continue;
    const file = path.join(dir, name);
    const found = await Promise.all([readFile(file, 'utf8'), stat(file)]).catch(() => null);
    // A part being sent again loses its acknowledgement while it is listed.
    if (!found) continue;
    const ack = JSON.parse(found[0]) as PartAck;
    parts.push({
      PartNumber: Number(match[1]),
      ETag: ack.etag,
      Size: ack.size,
      LastModified: found[1].mtime,
    });
  }
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}
