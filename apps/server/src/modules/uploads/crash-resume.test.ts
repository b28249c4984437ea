import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadFile } from '@scrutineer/contracts';
import { startChildServer, type ChildServer } from '../../test/child-server.js';
import { putFileParts, putPart, sha256Of, writeDeterministicFile } from '../../test/part-client.js';
import type { Started } from '../../test/upload-fixtures.js';
import { IDLE_REASON } from './uploads.sweep.js';

const PART = 5 * 1024 * 1024;
const SIZE = 8 * PART + 123;
const ADMIN = ['admin@scrutineer.local', 'admin-password'] as const;
// The test makes its own election: the demo one would only cost its generation at first start.
const NO_DEMO = { SEED_DEMO_ELECTION: 'false' };

interface Progress {
  status: string;
  parts: { PartNumber: number; ETag: string; Size: number }[];
  urls: { PartNumber: number; url: string }[];
}

let dir: string;
let dataDir: string;
let source: string;
let server: ChildServer | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'crash-resume-'));
  dataDir = path.join(dir, 'data');
  source = path.join(dir, 'source.bin');
  await writeDeterministicFile(source, SIZE);
});
afterAll(async () => {
  await server?.kill();
  await rm(dir, { recursive: true, force: true });
});

/** Starts a part's PUT, sends half its bytes and leaves it open: a part in flight. */
function partInFlight(url: string, start: number): Promise<void> {
  const request = http.request(url, {
    method: 'PUT',
    headers: { 'content-length': String(PART) },
  });
  // The server dies under it.
  request.on('error', () => undefined);
  const half = createReadStream(source, { start, end: start + PART / 2 - 1 });
  half.pipe(request, { end: false });
  return new Promise((resolve) => half.once('end', () => resolve()));
}

const multipartDirs = () =>
  readdir(path.join(dataDir, 'blobs', 'multipart')).catch(() => [] as string[]);

describe('a server killed while parts are in flight', () => {
  it('resumes from the acknowledged parts after a restart, keeps every byte, and sweeps an abandoned upload', async () => {
    server = await startChildServer(dataDir, NO_DEMO);
    let token = await server.signIn(...ADMIN);
    const district = await server.call<{ id: number }>('POST', '/districts', {
      token,
      body: { country: 'US', state_name: 'AZ', district_name: 'Apache', email: 'c@example.org' },
    });
    expect(district.status, JSON.stringify(district.body)).toBe(201);
    const election = await server.call<{ id: number }>('POST', '/elections', {
      token,
      body: {
        name: 'Crash test',
        e_type: 'General',
        privacy: 'Public',
        districtId: district.body.id,
        date: '11-05-2024',
      },
    });
    expect(election.status, JSON.stringify(election.body)).toBe(201);
    const electionId = election.body.id;

    const started = await server.call<Started>('POST', '/upload-files', {
      token,
      body: {
        election_id: electionId,
        file_name: 'ballots.bin',
        file_size: SIZE,
        chunk_size: PART,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.chunk_count).toBe(9);
    const abandoned = await server.call<Started>('POST', '/upload-files', {
      token,
      body: { election_id: electionId, file_name: 'left.bin', file_size: 10 },
    });
    expect(abandoned.status).toBe(201);
    const leftPart = await putPart(
      new URL(abandoned.body.urls[0] ?? '', server.url).toString(),
      Buffer.alloc(10, 7),
      10,
    );
    expect(leftPart.status).toBe(200);

    // Parts 1-3 acknowledged, 4 and 5 half sent when the process dies.
    const urlOf = (n: number, base: string) =>
      new URL(started.body.urls[n - 1] ?? '', base).toString();
    const first = await putFileParts(
      source,
      PART,
      SIZE,
      [1, 2, 3].map((n) => ({ partNumber: n, url: urlOf(n, server?.url ?? '') })),
    );
    await Promise.all([4, 5].map((n) => partInFlight(urlOf(n, server?.url ?? ''), (n - 1) * PART)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.kill();

    server = await startChildServer(dataDir, NO_DEMO);
    token = await server.signIn(...ADMIN);
    const progress = await server.call<Progress>('GET', `/upload-files/${started.body.id}/parts`, {
      token,
    });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    expect(progress.body.status).toBe('Uploading');
    expect(progress.body.parts.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual(
      first.map((p) => [p.PartNumber, p.ETag, PART]),
    );
    expect(progress.body.urls.map((u) => u.PartNumber)).toEqual([4, 5, 6, 7, 8, 9]);
    const rest = await putFileParts(
      source,
      PART,
      SIZE,
      progress.body.urls.map((u) => ({
        partNumber: u.PartNumber,
        url: new URL(u.url, server?.url).toString(),
      })),
    );
    const done = await server.call<UploadFile>('PUT', `/upload-files/${started.body.id}`, {
      token,
      body: { status: 'Success', upload_parts: [...progress.body.parts, ...rest] },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'Success', size: SIZE });

    const objects = path.join(
      dataDir,
      'blobs',
      'objects',
      'elections',
      String(electionId),
      'files',
    );
    const stored = (await readdir(objects)).filter((name) => !name.endsWith('.etag'));
    expect(stored).toHaveLength(1);
    expect(await sha256Of(createReadStream(path.join(objects, stored[0] ?? '')))).toBe(
      await sha256Of(createReadStream(source)),
    );
    expect(await readFile(path.join(objects, `${stored[0]}.etag`), 'utf8')).toBe(done.body.etag);

    // The abandoned upload kept its part through the crash; only it still holds parts.
    const left = await server.call<Progress>('GET', `/upload-files/${abandoned.body.id}/parts`, {
      token,
    });
    expect(left.body.parts.map((p) => p.ETag)).toEqual([leftPart.etag]);
    expect(await multipartDirs()).toHaveLength(1);
    await server.stop();

    // A server whose deadline for idle uploads is one second sweeps it.
    server = await startChildServer(dataDir, {
      ...NO_DEMO,
      UPLOAD_IDLE_HOURS: String(1 / 3600),
      UPLOAD_SWEEP_SECONDS: '1',
    });
    token = await server.signIn(...ADMIN);
    let files: UploadFile[] = [];
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const list = await server.call<{ items: UploadFile[] }>(
        'GET',
        `/upload-files/${electionId}`,
        {
          token,
        },
      );
      files = list.body.items;
      if (files.find((f) => f.id === abandoned.body.id)?.status !== 'Uploading') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(files.find((f) => f.id === abandoned.body.id)).toMatchObject({
      status: 'Failed',
      failure_reason: IDLE_REASON,
    });
    expect(files.find((f) => f.id === started.body.id)).toMatchObject({ status: 'Success' });
    expect(await multipartDirs()).toEqual([]);
    await server.stop();
    server = undefined;
  }, 180_000);
});
