import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiCall, makeZip } from './uploads';

/** Uploads a small zip as a finished file set of the election, through the part API. */
export async function uploadSet(
  request: APIRequestContext,
  token: string,
  electionId: number,
  fileName: string,
  fileType: 'BIA' | 'CVR',
) {
  const bytes = readFileSync(await makeZip(fileName, 2000));
  const started = await apiCall<{ id: number; urls: string[] }>(request, token, 'POST', '/files', {
    election_id: electionId,
    file_name: fileName,
    file_type: fileType,
    file_size: bytes.length,
  });
  const [url] = started.urls;
  if (!url) throw new Error('no part URL');
  const put = await request.put(url, { data: bytes });
  expect(put.status(), await put.text()).toBe(200);
  const etag = put.headers().etag ?? '';
  await apiCall(request, token, 'PUT', `/files/${started.id}`, {
    status: 'Uploaded',
    upload_parts: [{ PartNumber: 1, ETag: etag }],
  });
}

/** The demo election and its audit job, as the server seeds them, found as the Admin. */
export async function demoJob(request: APIRequestContext, adminToken: string) {
  const elections = await apiCall<{ items: { id: number; name: string }[] }>(
    request,
    adminToken,
    'GET',
    '/elections',
  );
  const election = elections.items.find((e) => e.name === 'Mono Demo General');
  const jobs = await apiCall<{ items: { id: number; name: string }[] }>(
    request,
    adminToken,
    'GET',
    '/audit-jobs',
  );
  const job = jobs.items.find((j) => j.name === 'Mono demo audit');
  if (!election || !job) throw new Error('no demo election or job');
  return { election, job };
}
