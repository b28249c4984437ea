import { expect } from 'vitest';
import type { AuditJob } from '@scrutineer/contracts';
import type { TestServer } from './harness.js';
import { sendParts, smallZip, type Started } from './upload-fixtures.js';

/** Creates an audit job through the API as the election's Auditor. */
export async function createJob(
  server: TestServer,
  token: string,
  electionId: number,
  overrides: Record<string, unknown> = {},
): Promise<AuditJob> {
  const answer = await server.call<AuditJob>('POST', '/audit-jobs', {
    token,
    body: {
      name: 'County audit',
      description: 'All ballots',
      election_id: electionId,
      ...overrides,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** Uploads a small zip as a finished file set of the election (Election Files tab). */
export async function uploadElectionSet(
  server: TestServer,
  token: string,
  electionId: number,
  fileName: string,
  fileType: string,
): Promise<void> {
  const zip = await smallZip();
  const started = await server.call<Started>('POST', '/files', {
    token,
    body: {
      election_id: electionId,
      file_type: fileType,
      file_name: fileName,
      file_size: zip.length,
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const parts = await sendParts(server, started.body, zip);
  const done = await server.call('PUT', `/files/${started.body.id}`, {
    token,
    body: { status: 'Uploaded', upload_parts: parts },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

/** Posts a multipart form to the API: fields first, then files. */
export async function postForm<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  token: string,
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; content: Buffer | string }[],
): Promise<{ status: number; body: T }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(file.field, new Blob([file.content], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Fetches raw bytes from an API path with a bearer token. */
export async function fetchBytes(server: TestServer, url: string, token: string) {
  const response = await fetch(new URL(url, server.url), {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
