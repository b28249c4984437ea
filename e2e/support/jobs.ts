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
