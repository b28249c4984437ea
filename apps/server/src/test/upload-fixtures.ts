import { expect } from 'vitest';
import yazl from 'yazl';
import type { UploadFile } from '@scrutineer/contracts';
import type { TestServer } from './harness.js';
import { putPart } from './part-client.js';

export type Started = UploadFile & { urls: string[]; file: { id: number }; upload_token?: string };

/** A small valid zip held in memory. */
export async function smallZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('ballot image bytes'), 'ballots/0001.tif');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** PUTs each part of `body` to its signed URL (resolved against the API), answers the parts. */
export async function sendParts(server: TestServer, started: Started, body: Buffer) {
  const parts = [];
  for (const [index, url] of started.urls.entries()) {
    const slice = body.subarray(index * started.chunk_size, (index + 1) * started.chunk_size);
    const answer = await putPart(new URL(url, server.url).toString(), slice, slice.length);
    expect(answer.status, answer.body).toBe(200);
    parts.push({ PartNumber: index + 1, ETag: answer.etag });
  }
  return parts;
}

/** The token of a general upload link, as an Admin's Copy Link hands it out. */
export async function generalLinkToken(server: TestServer, adminToken: string): Promise<string> {
  const link = await server.call<{ url: string }>('GET', '/general-upload-link', {
    token: adminToken,
  });
  expect(link.status).toBe(200);
  const token = new URL(link.body.url).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link.body.url}`);
  return token;
}
