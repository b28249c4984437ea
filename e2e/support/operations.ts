import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import yazl from 'yazl';
import { directorySink, makeElection, writeSyntheticElection } from '@scrutineer/audit-core';
import { apiCall } from './uploads';

export interface GeneratedElection {
  images: Buffer;
  cvr: Buffer;
  /** The engine's election definition, with its contests. */
  definition: unknown;
}

async function zipFiles(files: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) zip.addBuffer(content, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A generated election: its ballot image archive and a Dominion JSON CVR export as a zip. */
export async function generateElection(seed: string, count: number): Promise<GeneratedElection> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-e2e-election-'));
  try {
    const election = makeElection({ seed });
    await writeSyntheticElection(
      election,
      {
        count,
        batchSize: 40,
        misreads: 2,
        missing: 1,
        extra: 1,
        swapBatches: false,
        formats: ['dominion-json'],
      },
      createWriteStream(path.join(dir, 'ballots.zip')),
      directorySink(path.join(dir, 'cvr')),
    );
    const skip = new Set(['election.json', 'discrepancies.json', 'truth.jsonl']);
    const names = (await readdir(path.join(dir, 'cvr'))).filter((n) => !skip.has(n));
    const cvr = await zipFiles(
      await Promise.all(
        names.map(async (n): Promise<[string, Buffer]> => [
          n,
          await readFile(path.join(dir, 'cvr', n)),
        ]),
      ),
    );
    return { images: await readFile(path.join(dir, 'ballots.zip')), cvr, definition: election };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Uploads bytes as a finished file set of the election, one part per part URL. */
export async function uploadBytes(
  request: APIRequestContext,
  token: string,
  electionId: number,
  fileName: string,
  fileType: 'BIA' | 'CVR',
  bytes: Buffer,
) {
  const started = await apiCall<{ id: number; urls: string[] }>(request, token, 'POST', '/files', {
    election_id: electionId,
    file_name: fileName,
    file_type: fileType,
    file_size: bytes.length,
  });
  // Every part but the last is the server's part size (32 MiB).
  const size = started.urls.length > 1 ? 32 * 1024 * 1024 : bytes.length;
  const parts = [];
  for (const [index, url] of started.urls.entries()) {
    const put = await request.put(url, { data: bytes.subarray(index * size, (index + 1) * size) });
    expect(put.status(), await put.text()).toBe(200);
    parts.push({ PartNumber: index + 1, ETag: put.headers().etag ?? '' });
  }
  await apiCall(request, token, 'PUT', `/files/${started.id}`, {
    status: 'Uploaded',
    upload_parts: parts,
  });
}
