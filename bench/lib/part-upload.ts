import { open } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { Writable } from 'node:stream';

export interface StartedUpload {
  id: number;
  chunk_size: number;
  chunk_count: number;
  urls: string[];
}

/** Calls the API as the web app does: JSON in and out, the session's bearer token. */
export async function callApi<T>(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const session = await callApi<{ access_token: string }>(base, 'POST', '/auth/sign-in', null, {
    email,
    password: Buffer.from(password).toString('base64'),
  });
  return session.access_token;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

const READ_BYTES = 1024 * 1024;
/** Reads a slice keeps on their way to its socket. */
const READS_IN_FLIGHT = 4;
const buffers: Buffer[] = [];

/**
 * Writes bytes `start..end` of the file to `to`, then ends it, through a few buffers used again
 * for every slice. A fresh buffer per read, as \`createReadStream\` allocates, cost this client
 * more system time than copying the bytes (this machine's host takes back freed memory), on the
 * cores the server shares; a browser on its own machine pays none of it here.
 */
export async function sendSlice(file: string, start: number, end: number, to: Writable) {
  const handle = await open(file, 'r');
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  let closed = false;
  const wake = () => waiting.shift()?.();
  to.once('close', () => {
    closed = true;
    waiting.splice(0).forEach((resume) => resume());
  });
  try {
    for (let position = start; position < end;) {
      while (inFlight >= READS_IN_FLIGHT && !closed) {
        await new Promise<void>((resume) => waiting.push(resume));
      }
      if (closed) throw new Error('the connection closed before the slice was sent');
      const buffer = buffers.pop() ?? Buffer.allocUnsafeSlow(READ_BYTES);
      inFlight += 1;
      const length = Math.min(READ_BYTES, end - position);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead !== length) throw new Error('the file ended before the slice');
      position += bytesRead;
      to.write(buffer.subarray(0, bytesRead), () => {
        inFlight -= 1;
        buffers.push(buffer);
        wake();
      });
    }
    to.end();
  } finally {
    await handle.close();
  }
}

/** PUTs one slice of the file to its part URL and answers the ETag, as the browser does. */
function putSlice(url: string, file: string, start: number, end: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      agent,
      headers: { 'content-length': String(end - start) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        const etag = response.headers.etag;
        if (response.statusCode === 200 && etag) resolve(etag);
        else reject(new Error(`part answered ${response.statusCode}`));
      });
    });
    sendSlice(file, start, end, request).catch(reject);
  });
}

/** Sends every part with `parallel` PUTs at a time; answers the parts for completion. */
export async function sendAllParts(
  base: string,
  started: StartedUpload,
  file: string,
  fileSize: number,
  parallel: number,
): Promise<{ PartNumber: number; ETag: string }[]> {
  const parts: { PartNumber: number; ETag: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < started.urls.length) {
      const index = next++;
      const start = index * started.chunk_size;
      const end = Math.min(start + started.chunk_size, fileSize);
      const url = new URL(started.urls[index] ?? '', base).toString();
      parts.push({ PartNumber: index + 1, ETag: await putSlice(url, file, start, end) });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}

/**
 * Streams the file to the TCP sink (bench/lib/tcp-sink.ts) in `parallel` slices, one connection
 * each, as the parts go: discarded, or written into `into` at each slice's offset.
 */
export async function sendToSink(
  port: number,
  file: string,
  fileSize: number,
  parallel: number,
  into?: string,
): Promise<void> {
  const slice = Math.ceil(fileSize / parallel);
  await Promise.all(
    Array.from(
      { length: parallel },
      (_, index) =>
        new Promise<void>((resolve, reject) => {
          const start = index * slice;
          const end = Math.min(start + slice, fileSize);
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.write(into ? `${start} ${into}\n` : '-\n');
            sendSlice(file, start, end, socket).catch(reject);
          });
          socket.on('error', reject);
          socket.on('data', () => undefined);
          socket.on('end', () => resolve());
        }),
    ),
  );
}
