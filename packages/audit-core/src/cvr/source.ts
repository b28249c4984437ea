import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';

/** A named input that can be opened (again) as a byte stream: a file, a blob, a zip entry. */
export interface CvrSource {
  name: string;
  /**
   * The source's bytes from the start. `readBytes` asks a source that reads in pieces (a file)
   * for pieces of that size; others may ignore it.
   */
  open(readBytes?: number): Readable;
}

/** A source over a file on disk, read 64 KiB at a time unless asked for other pieces. */
export function fileSource(path: string, name = basename(path)): CvrSource {
  return {
    name,
    open: (readBytes?: number) =>
      createReadStream(path, readBytes === undefined ? undefined : { highWaterMark: readBytes }),
  };
}

/** A source over bytes already in memory (small files, tests, writer output). */
export function bufferSource(name: string, data: string | Uint8Array): CvrSource {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  return { name, open: () => Readable.from([bytes]) };
}

/** Reads a whole source; only for inputs that are small by nature (manifests, one sheet). */
export async function readSourceText(source: CvrSource, limit = 64 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source.open()) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new Error(`${source.name} is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return stripBom(Buffer.concat(chunks).toString('utf8'));
}

/** Reads at most `limit` bytes from the start of a source, for format detection. */
export async function readSourceHead(source: CvrSource, limit = 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = source.open();
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(buffer);
    size += buffer.length;
    if (size >= limit) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, limit);
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
