import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobError, MAX_PART_SIZE, type StoredPart } from './blob-store.js';

export interface UploadMeta {
  key: string;
  contentType: string;
}

interface PartAck {
  etag: string;
  size: number;
}

export async function readMeta(dir: string): Promise<UploadMeta> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as UploadMeta;
  } catch {
    throw new BlobError('NoSuchUpload', 'The upload does not exist.');
  }
}

export const partFile = (dir: string, partNumber: number) => path.join(dir, `${partNumber}.part`);
const ackFile = (dir: string, partNumber: number) => path.join(dir, `${partNumber}.json`);

/**
 * Streams one part to disk with its MD5 (the S3 ETag of a part). The acknowledgement file is
 * written last, so a part cut off by a crash is never listed as acknowledged.
 */
export async function writePart(dir: string, partNumber: number, body: Readable): Promise<PartAck> {
  const temp = path.join(dir, `${partNumber}.${randomUUID()}.tmp`);
  const hash = createHash('md5');
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > MAX_PART_SIZE) throw new BlobError('EntityTooLarge', 'The part is too large.');
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(temp),
    );
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const ack = { etag: `"${hash.digest('hex')}"`, size };
  await rm(ackFile(dir, partNumber), { force: true });
  await rename(temp, partFile(dir, partNumber));
  await writeFile(ackFile(dir, partNumber), JSON.stringify(ack));
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
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const ack = JSON.parse(text) as PartAck;
    parts.push({
      PartNumber: Number(match[1]),
      ETag: ack.etag,
      Size: ack.size,
      LastModified: info.mtime,
    });
  }
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}
