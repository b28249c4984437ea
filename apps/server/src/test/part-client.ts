import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PutAnswer {
  status: number;
  etag: string;
  body: string;
}

/** PUTs a body to a signed part URL as a browser would, and reads the ETag header. */
export function putPart(
  url: string,
  body: Readable | Buffer,
  length: number,
  onRequest?: (request: http.ClientRequest) => void,
): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { 'content-length': String(length) },
    });
    onRequest?.(request);
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          etag: response.headers.etag ?? '',
          body: text,
        }),
      );
    });
    if (Buffer.isBuffer(body)) request.end(body);
    else body.pipe(request);
  });
}

/** Uploads the parts of a file (1-based numbers) to their URLs, two at a time. */
export async function putFileParts(
  file: string,
  partSize: number,
  fileSize: number,
  urls: { partNumber: number; url: string }[],
): Promise<{ PartNumber: number; ETag: string }[]> {
  const done: { PartNumber: number; ETag: string }[] = [];
  const queue = [...urls];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const start = (next.partNumber - 1) * partSize;
      const end = Math.min(start + partSize, fileSize);
      const answer = await putPart(
        next.url,
        createReadStream(file, { start, end: end - 1 }),
        end - start,
      );
      if (answer.status !== 200)
        throw new Error(`part ${next.partNumber}: ${answer.status} ${answer.body}`);
      done.push({ PartNumber: next.partNumber, ETag: answer.etag });
    }
  };
  await Promise.all([worker(), worker()]);
  return done.sort((a, b) => a.PartNumber - b.PartNumber);
}

/** Writes `size` deterministic bytes (a counter hashed in 1 MiB blocks) to `file`. */
export async function writeDeterministicFile(file: string, size: number, seed = 'scrutineer') {
  const block = 1024 * 1024;
  async function* blocks() {
    for (let offset = 0, index = 0; offset < size; offset += block, index += 1) {
      const unit = createHash('sha256').update(`${seed}:${index}`).digest();
      const chunk = Buffer.alloc(Math.min(block, size - offset));
      for (let i = 0; i < chunk.length; i += unit.length) unit.copy(chunk, i);
      if (chunk.length >= 4) chunk.writeUInt32LE(index, 0);
      yield chunk;
    }
  }
  await pipeline(blocks(), createWriteStream(file));
}

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}
