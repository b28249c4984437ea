import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_MESSAGES,
  type District,
  type Election,
  type UploadFile,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { generalLinkToken, sendParts, type Started } from '../../test/upload-fixtures.js';
import { sweepIdleUploads } from './index.js';
import { findUpload } from './uploads.repository.js';

let server: TestServer;
let auditor: Account;
let observer: Account;
let admin: Account;
let district: District;
let election: Election;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  observer = await createAccount(server);
  admin = await createAccount(server, { role: 'Admin' });
  district = await createDistrict(server, auditor.token);
  election = await createElection(server, auditor.token, district.id);
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
});
afterAll(async () => server.close());

describe('direct uploads, district files and general uploads', () => {
  it('uploads any file type to an election and a district; Observer refused', async () => {
    for (const [base, body] of [
      ['/upload-files', { election_id: election.id }],
      ['/upload-district-files', { district_id: district.id }],
    ] as const) {
      const bytes = Buffer.from('notes.txt body');
      const started = await server.call<Started>('POST', base, {
        token: auditor.token,
        body: { ...body, file_name: 'notes.txt', content_type: '', file_size: bytes.length },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body.content_type).toBe('application/octet-stream');
      const parts = await sendParts(server, started.body, bytes);
      const done = await server.call<UploadFile>('PUT', `${base}/${started.body.id}`, {
        token: auditor.token,
        body: { status: 'Success', upload_parts: parts },
      });
      expect(done.body).toMatchObject({ status: 'Success', uploader: { first_name: 'Test' } });
      expect(done.body.completed_at).not.toBeNull();
      const ownerId = 'election_id' in body ? body.election_id : body.district_id;
      const list = await server.call<{ items: UploadFile[] }>('GET', `${base}/${ownerId}`, {
        token: auditor.token,
      });
      expect(list.body.items).toHaveLength(1);
      expect(
        (await server.call('DELETE', `${base}/${started.body.id}`, { token: auditor.token }))
          .status,
      ).toBe(200);
    }
    const refused = await server.call('POST', '/upload-files', {
      token: observer.token,
      body: { election_id: election.id, file_name: 'x', file_size: 1 },
    });
    expect(refused.status).toBe(403);
    const cancel = await server.call<Started>('POST', '/upload-files', {
      token: auditor.token,
      body: { election_id: election.id, file_name: 'c.bin', file_size: 3 },
    });
    const canceled = await server.call('PUT', `/upload-files/${cancel.body.id}`, {
      token: auditor.token,
      body: { status: 'Canceled' },
    });
    expect(canceled.body).toMatchObject({ status: 'Canceled', status_color: 'orange' });
    expect(
      (
        await server.call('GET', `/requested-district-files/${district.id}`, {
          token: auditor.token,
        })
      ).status,
    ).toBe(200);
  });

  it('general upload: no login to upload with its token; Admin lists and deletes', async () => {
    const bytes = Buffer.from('general');
    const started = await server.call<Started>('POST', '/general-upload', {
      body: {
        link_token: await generalLinkToken(server, admin.token),
        file_name: 'scan.pdf',
        file_type: 'BIA',
        state: 'CA',
        county: 'Alameda',
        file_size: bytes.length,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const parts = await sendParts(server, started.body, bytes);
    // A reload resumes from the parts the server acknowledged, with the upload's own token.
    const progress = await server.call<{ parts: { PartNumber: number }[] }>(
      'GET',
      `/general-upload/${started.body.id}/parts?upload_token=${encodeURIComponent(started.body.upload_token ?? '')}`,
    );
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    expect(progress.body.parts.map((p) => p.PartNumber)).toEqual(parts.map((p) => p.PartNumber));
    expect(
      (await server.call('GET', `/general-upload/${started.body.id}/parts?upload_token=nope`))
        .status,
    ).toBe(404);
    expect((await server.call('GET', `/general-upload/${started.body.id}/parts`)).status).toBe(400);
    const wrong = await server.call('PUT', `/general-upload/${started.body.id}`, {
      body: { status: 'Success', upload_parts: parts, upload_token: 'nope' },
    });
    expect(wrong.status).toBe(404);
    const done = await server.call('PUT', `/general-upload/${started.body.id}`, {
      body: { status: 'Success', upload_parts: parts, upload_token: started.body.upload_token },
    });
    expect(done.body).toMatchObject({ status: 'Success', state: 'CA', county: 'Alameda' });
    expect((await server.call('GET', '/general-upload')).status).toBe(401);
    const list = await server.call<{ items: UploadFile[] }>('GET', '/general-upload', {
      token: admin.token,
    });
    expect(list.body.items.map((f) => f.file_name)).toEqual(['scan.pdf']);
    expect(
      (await server.call('DELETE', `/general-upload/${started.body.id}`, { token: auditor.token }))
        .status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `/general-upload/${started.body.id}`, { token: admin.token }))
        .status,
    ).toBe(200);
  });

  it('sweeps an abandoned upload: parts released, status Failed with the reason', async () => {
    const bytes = Buffer.alloc(10, 1);
    const started = await server.call<Started>('POST', '/upload-files', {
      token: auditor.token,
      body: { election_id: election.id, file_name: 'idle.bin', file_size: bytes.length },
    });
    await sendParts(server, started.body, bytes);
    expect(await sweepIdleUploads(server.deps, 3_600_000)).toBe(0);
    expect(await sweepIdleUploads(server.deps, 3_600_000, Date.now() + 2 * 3_600_000)).toBe(1);
    const list = await server.call<{ items: UploadFile[] }>('GET', `/upload-files/${election.id}`, {
      token: auditor.token,
    });
    expect(list.body.items.find((f) => f.id === started.body.id)).toMatchObject({
      status: 'Failed',
    });
    const parts = await server.call<{ parts: unknown[] }>(
      'GET',
      `/upload-files/${started.body.id}/parts`,
      { token: auditor.token },
    );
    expect(parts.body.parts).toEqual([]);
  });

  it('answers 409, not an error, when the store no longer holds an upload’s parts', async () => {
    const started = await server.call<Started>('POST', '/upload-files', {
      token: auditor.token,
      body: { election_id: election.id, file_name: 'lost.bin', file_size: 10 },
    });
    const row = await findUpload(server.deps.database.db, started.body.id);
    await server.deps.blobs.abortMultipart(
      row?.upload.storageKey ?? '',
      row?.upload.multipartId ?? '',
    );
    const parts = await server.call('GET', `/upload-files/${started.body.id}/parts`, {
      token: auditor.token,
    });
    expect(parts).toMatchObject({ status: 409, body: { error: UPLOAD_MESSAGES.notUploading } });
  });
});
