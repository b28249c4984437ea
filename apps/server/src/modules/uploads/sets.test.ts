import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, type Election, type UploadFile } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { sendParts, smallZip, type Started } from '../../test/upload-fixtures.js';

let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let election: Election;
let other: Election;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  uploader = await createAccount(server);
  observer = await createAccount(server);
  stranger = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, auditor.token);
  election = await createElection(server, auditor.token, district.id);
  await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  const otherDistrict = await createDistrict(server, stranger.token);
  other = await createElection(server, stranger.token, otherDistrict.id);
});
afterAll(async () => server.close());

const start = (token: string, body: Record<string, unknown>) =>
  server.call<Started>('POST', '/files', {
    token,
    body: { election_id: election.id, file_type: 'BIA', ...body },
  });

describe('upload sets (/files)', () => {
  it('uploads a zip in parts as an Uploader: signed URLs, Uploaded, listed with its ETag', async () => {
    const zip = await smallZip();
    const started = await start(uploader.token, {
      file_name: 'ballots.zip',
      file_size: zip.length,
      description: 'Day 1',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({
      status: 'Uploading',
      status_color: 'blue',
      chunk_count: 1,
    });
    expect(started.body.urls).toHaveLength(1);
    expect(started.body.urls[0]).not.toContain('ballots.zip');
    const parts = await sendParts(server, started.body, zip);
    const progress = await server.call<{ parts: unknown[]; urls: unknown[] }>(
      'GET',
      `/files/${started.body.id}/parts`,
      { token: uploader.token },
    );
    expect(progress.body.parts).toHaveLength(1);
    expect(progress.body.urls).toHaveLength(0);
    const done = await server.call<UploadFile>('PUT', `/files/${started.body.id}`, {
      token: uploader.token,
      body: { id: started.body.id, status: 'Uploaded', upload_parts: parts },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'Uploaded',
      status_color: 'green',
      size: zip.length,
      file_name: 'ballots.zip',
    });
    const list = await server.call<{ items: UploadFile[] }>('GET', `/files/${election.id}`, {
      token: auditor.token,
    });
    expect(list.body.items.map((f) => f.file_name)).toEqual(['ballots.zip']);
    expect(list.body.items[0]?.etag).toMatch(/-1"$/);
  });

  it('ends a non-zip or broken file Failed with the reason; refuses a non-zip name', async () => {
    const bytes = Buffer.from('this is not a zip archive at all');
    const started = await start(auditor.token, { file_name: 'fake.zip', file_size: bytes.length });
    const parts = await sendParts(server, started.body, bytes);
    const done = await server.call('PUT', `/files/${started.body.id}`, {
      token: auditor.token,
      body: { status: 'Uploaded', upload_parts: parts },
    });
    expect(done.status).toBe(400);
    expect(String(done.body.error)).toMatch(/not a (valid )?zip/);
    const list = await server.call<{ items: UploadFile[] }>('GET', `/files/${election.id}`, {
      token: auditor.token,
    });
    expect(list.body.items.find((f) => f.id === started.body.id)).toMatchObject({
      status: 'Failed',
    });
    const named = await start(auditor.token, { file_name: 'cvr.csv', file_size: 10 });
    expect(named).toMatchObject({
      status: 400,
      body: { error: `file_name: ${UPLOAD_MESSAGES.zipOnly}` },
    });
  });

  it('checks the size against the declared one and refuses wrong ETags', async () => {
    const zip = await smallZip();
    const started = await start(auditor.token, {
      file_name: 'short.zip',
      file_size: zip.length + 5,
    });
    const parts = await sendParts(server, started.body, zip);
    const wrong = await server.call('PUT', `/files/${started.body.id}`, {
      token: auditor.token,
      body: { status: 'Uploaded', upload_parts: [{ PartNumber: 1, ETag: '"abc"' }] },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: `upload_parts: ${UPLOAD_MESSAGES.partsMismatch}` },
    });
    const done = await server.call('PUT', `/files/${started.body.id}`, {
      token: auditor.token,
      body: { status: 'Uploaded', upload_parts: parts },
    });
    expect(done).toMatchObject({ status: 400, body: { error: UPLOAD_MESSAGES.sizeMismatch } });
  });

  it('validates the part plan', async () => {
    const plan = await start(auditor.token, {
      file_name: 'a.zip',
      file_size: 100 * 1024 * 1024,
      chunk_size: 1024,
    });
    expect(plan).toMatchObject({
      status: 400,
      body: { error: `chunk_size: ${UPLOAD_MESSAGES.chunkSize}` },
    });
    const count = await start(auditor.token, {
      file_name: 'a.zip',
      file_size: 100 * 1024 * 1024,
      chunk_size: 10 * 1024 * 1024,
      chunk_count: 3,
    });
    expect(count).toMatchObject({
      status: 400,
      body: { error: `chunk_count: ${UPLOAD_MESSAGES.chunkPlan}` },
    });
    const missing = await server.call('POST', '/files', {
      token: auditor.token,
      body: { file_name: 'a.zip' },
    });
    expect(missing.status).toBe(400);
    const big = await start(auditor.token, { file_name: 'big.zip', file_size: 200 * 1024 * 1024 });
    expect(big.body).toMatchObject({ chunk_size: 32 * 1024 * 1024, chunk_count: 7 });
    expect(big.body.urls).toHaveLength(7);
  });

  it('aborts (releasing parts), refuses delete while Uploading, then deletes', async () => {
    const zip = await smallZip();
    const started = await start(auditor.token, { file_name: 'abort.zip', file_size: zip.length });
    await sendParts(server, started.body, zip);
    const refused = await server.call('DELETE', `/files/${started.body.id}`, {
      token: auditor.token,
    });
    expect(refused).toMatchObject({ status: 409, body: { error: UPLOAD_MESSAGES.stillUploading } });
    const aborted = await server.call('PUT', `/files/${started.body.id}`, {
      token: auditor.token,
      body: { status: 'Aborted' },
    });
    expect(aborted.body).toMatchObject({ status: 'Aborted', status_color: 'orange' });
    const parts = await server.call<{ parts: unknown[] }>(
      'GET',
      `/files/${started.body.id}/parts`,
      { token: auditor.token },
    );
    expect(parts.body.parts).toEqual([]);
    const deleted = await server.call('DELETE', `/files/${started.body.id}`, {
      token: auditor.token,
    });
    expect(deleted).toMatchObject({ status: 200, body: { message: UPLOAD_MESSAGES.deleted } });
  });

  it('refuses an Observer (403) and hides another election (404)', async () => {
    expect((await start(observer.token, { file_name: 'o.zip', file_size: 10 })).status).toBe(403);
    expect(
      (await server.call('GET', `/files/${election.id}`, { token: observer.token })).status,
    ).toBe(403);
    expect((await server.call('GET', `/files/${other.id}`, { token: auditor.token })).status).toBe(
      404,
    );
    const list = await server.call<{ items: UploadFile[] }>('GET', `/files/${election.id}`, {
      token: auditor.token,
    });
    const id = list.body.items[0]?.id ?? 0;
    expect((await server.call('DELETE', `/files/${id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await server.call('GET', '/files/1')).status).toBe(401);
  });

  it('adopts a directly uploaded zip as a set and lists adoptable files', async () => {
    const zip = await smallZip();
    const started = await server.call<Started>('POST', '/upload-files', {
      token: uploader.token,
      body: { election_id: election.id, file_name: 'direct.zip', file_size: zip.length },
    });
    const parts = await sendParts(server, started.body, zip);
    await server.call('PUT', `/upload-files/${started.body.id}`, {
      token: uploader.token,
      body: { status: 'Success', upload_parts: parts },
    });
    const adoptable = await server.call<{ items: { file_name: string }[] }>(
      'GET',
      `/files/adoptable/${election.id}`,
      { token: auditor.token },
    );
    expect(adoptable.body.items.map((f) => f.file_name)).toEqual(['direct.zip']);
    const adopted = await server.call<{ items: UploadFile[] }>('POST', '/files/adopt', {
      token: auditor.token,
      body: {
        election_id: election.id,
        file_type: 'CVR',
        file_name: 'direct.zip',
        description: 'adopted',
      },
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(201);
    expect(adopted.body.items[0]).toMatchObject({
      status: 'Adopted',
      file_type: 'CVR',
      status_color: 'green',
    });
    const unknown = await server.call('POST', '/files/adopt', {
      token: auditor.token,
      body: { election_id: election.id, file_name: 'nope.zip' },
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: UPLOAD_MESSAGES.nothingToAdopt } });
  });
});
