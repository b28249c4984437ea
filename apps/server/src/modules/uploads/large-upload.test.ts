import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadFile } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createDistrict, createElection } from '../../test/elections-fixtures.js';
import { putFileParts, sha256Of, writeDeterministicFile } from '../../test/part-client.js';
import { startS3, type LocalS3 } from '../../test/s3-server.js';
import type { Started } from '../../test/upload-fixtures.js';
import { findUpload } from './uploads.repository.js';

const SIZE = 300 * 1000 * 1000;
let dir: string;
let source: string;
let sourceHash: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'large-upload-'));
  source = path.join(dir, 'source.bin');
  await writeDeterministicFile(source, SIZE);
  sourceHash = await sha256Of(createReadStream(source));
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** Uploads the 300 MB file in parts through the API and compares the stored object's SHA-256. */
async function uploadThrough(server: TestServer) {
  const account = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, account.token);
  const election = await createElection(server, account.token, district.id);
  const started = await server.call<Started>('POST', '/upload-files', {
    token: account.token,
    body: {
      election_id: election.id,
      file_name: 'archive.bin',
      file_size: (await stat(source)).size,
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const urls = started.body.urls.map((url, i) => ({
    partNumber: i + 1,
    url: new URL(url, server.url).toString(),
  }));
  const parts = await putFileParts(source, started.body.chunk_size, SIZE, urls);
  const done = await server.call<UploadFile>('PUT', `/upload-files/${started.body.id}`, {
    token: account.token,
    body: { status: 'Success', upload_parts: parts },
  });
  expect(done.body).toMatchObject({ status: 'Success', size: SIZE });
  const row = await findUpload(server.deps.database.db, started.body.id);
  const stored = await server.deps.blobs.read(row?.upload.storageKey ?? '');
  expect(await sha256Of(stored)).toBe(sourceHash);
}

describe('a 300 MB upload in parts', () => {
  it('through the local store keeps every byte', async () => {
    const server = await startTestServer();
    try {
      await uploadThrough(server);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('through S3 (s3rver) keeps every byte', async () => {
    let s3: LocalS3 | undefined;
    let server: TestServer | undefined;
    try {
      s3 = await startS3();
      server = await startTestServer(s3.env);
      expect(server.deps.blobs.kind).toBe('s3');
      await uploadThrough(server);
    } finally {
      await server?.close();
      await s3?.stop();
    }
  }, 90_000);
});
