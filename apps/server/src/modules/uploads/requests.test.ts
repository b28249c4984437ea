import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_MESSAGES,
  type Election,
  type UploadFile,
  type UploadRequest,
} from '@scrutineer/contracts';
import { linkIn, startTestServer, type TestServer } from '../../test/harness.js';
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
let observer: Account;
let admin: Account;
let election: Election;
let districtId: number;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  observer = await createAccount(server);
  admin = await createAccount(server, { role: 'Admin' });
  const district = await createDistrict(server, auditor.token);
  districtId = district.id;
  election = await createElection(server, auditor.token, district.id, { name: 'Spring primary' });
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
});
afterAll(async () => server.close());

type Saved = UploadRequest & { message: string };
const linkParts = (url: string) => {
  const parsed = new URL(url);
  return {
    id: Number(parsed.pathname.split('/')[2]),
    token: parsed.searchParams.get('token') ?? '',
  };
};

describe('upload requests and public links', () => {
  it('mails the link; the visitor verifies, uploads, lists and deletes only its files', async () => {
    const email = 'clerk.outside@example.org';
    const saved = await server.call<Saved>('POST', '/upload-requests', {
      token: auditor.token,
      body: {
        election_id: election.id,
        name: 'County clerk',
        email,
        send_email: true,
        description: 'CVRs please',
        valid_through: '12-31-2099',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({
      message: UPLOAD_MESSAGES.requestSent,
      type: 'Email',
      status: 'Valid',
      valid_through: '2099-12-31',
    });
    const [mail] = await server.mailsTo(email);
    // The mail gives the date as the app shows dates (en-GB).
    expect(mail?.textBody).toContain('The link works through 31/12/2099.');
    const link = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/upload/');
    expect(link).toBe(saved.body.request_url);
    const { id, token } = linkParts(link);

    const verified = await server.call('POST', '/direct-upload/verify', { body: { id, token } });
    expect(verified).toMatchObject({
      status: 200,
      body: { request_id: id, email, owner_name: 'Spring primary' },
    });
    const zip = await smallZip();
    const started = await server.call<Started>('POST', '/direct-upload', {
      body: { request_id: id, token, file_name: 'cvr.zip', file_size: zip.length },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const parts = await sendParts(server, started.body, zip);
    const done = await server.call('PUT', `/direct-upload/${started.body.id}`, {
      body: { status: 'Success', upload_parts: parts, token },
    });
    expect(done.body).toMatchObject({ status: 'Success', status_color: 'green' });
    const mine = await server.call<{ items: UploadFile[] }>(
      'GET',
      `/direct-upload/request/${id}?token=${token}`,
    );
    expect(mine.body.items.map((f) => f.file_name)).toEqual(['cvr.zip']);
    const requested = await server.call<{ items: UploadFile[] }>(
      'GET',
      `/requested-files/${election.id}`,
      { token: auditor.token },
    );
    expect(requested.body.items[0]).toMatchObject({
      file_name: 'cvr.zip',
      request: { name: 'County clerk' },
    });
    expect(
      (await server.call('DELETE', `/direct-upload/${started.body.id}?token=wrong`)).status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `/direct-upload/${started.body.id}?token=${token}`)).status,
    ).toBe(200);
  });

  it('refuses a wrong token (404), an expired link (403), and another request’s files', async () => {
    const copy = await server.call<{ request_url: string }>('POST', '/upload-requests-copy', {
      token: auditor.token,
      body: { election_id: election.id, name: 'Old link', valid_through: '2099-01-01' },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const { id, token } = linkParts(copy.body.request_url);
    // The Auditor ends the link by giving it a past date.
    const ended = await server.call('PUT', `/upload-requests/${id}`, {
      token: auditor.token,
      body: { name: 'Old link', valid_through: '2001-01-01' },
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const expired = await server.call('POST', '/direct-upload/verify', { body: { id, token } });
    expect(expired).toMatchObject({ status: 403, body: { error: UPLOAD_MESSAGES.linkExpired } });
    const wrong = await server.call('POST', '/direct-upload/verify', {
      body: { id, token: 'x'.repeat(43) },
    });
    expect(wrong).toMatchObject({ status: 404, body: { error: UPLOAD_MESSAGES.linkInvalid } });
    const upload = await server.call('POST', '/direct-upload', {
      body: { request_id: id, token, file_name: 'a.zip', file_size: 1 },
    });
    expect(upload.status).toBe(403);
    const list = await server.call<{ items: UploadRequest[] }>(
      'GET',
      `/upload-requests/${election.id}`,
      { token: auditor.token },
    );
    expect(list.body.items.find((r) => r.id === id)).toMatchObject({
      status: 'Expired',
      expired: true,
      type: 'Link',
    });
  });

  it('validates, edits, deletes; Observer refused; Admin sees all', async () => {
    const missing = await server.call('POST', '/upload-requests', {
      token: auditor.token,
      body: { election_id: election.id, name: 'x', send_email: true },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: `email: ${UPLOAD_MESSAGES.emailRequired}` },
    });
    const pastMessage = `valid_through: ${UPLOAD_MESSAGES.validThroughPast}`;
    for (const [path, body] of [
      ['/upload-requests', { election_id: election.id, name: 'Late', valid_through: '2001-01-01' }],
      [
        '/upload-requests-copy',
        { election_id: election.id, name: 'Late', valid_through: '01-02-2001' },
      ],
      [
        '/upload-district-requests',
        { district_id: districtId, name: 'Late', valid_through: '2001-01-01' },
      ],
    ] as const) {
      const past = await server.call('POST', path, { token: auditor.token, body });
      expect(past, path).toMatchObject({ status: 400, body: { error: pastMessage } });
    }
    const emptied = await server.call('POST', '/upload-requests', {
      token: auditor.token,
      body: { election_id: election.id, name: 'Blank date', valid_through: '' },
    });
    expect(emptied.status).toBe(400);
    const noName = await server.call('POST', '/upload-requests', {
      token: auditor.token,
      body: { election_id: election.id, name: '' },
    });
    expect(noName.status).toBe(400);
    const refused = await server.call('POST', '/upload-requests', {
      token: observer.token,
      body: { election_id: election.id, name: 'x' },
    });
    expect(refused.status).toBe(403);
    const saved = await server.call<Saved>('POST', '/upload-requests', {
      token: auditor.token,
      body: { election_id: election.id, name: 'Forever' },
    });
    expect(saved.body.valid_through).toBeNull();
    const updated = await server.call<Saved>('PUT', `/upload-requests/${saved.body.id}`, {
      token: auditor.token,
      body: { name: 'Renamed', valid_through: '2099-01-01' },
    });
    expect(updated.body).toMatchObject({
      message: UPLOAD_MESSAGES.requestUpdated,
      name: 'Renamed',
    });
    // Mailing a link with a past date is refused even on an update: it would arrive expired.
    const mailedPast = await server.call('PUT', `/upload-requests/${saved.body.id}`, {
      token: auditor.token,
      body: {
        name: 'Renamed',
        email: 'a@example.org',
        send_email: true,
        valid_through: '2001-01-01',
      },
    });
    expect(mailedPast).toMatchObject({ status: 400, body: { error: pastMessage } });
    const all = await server.call<{ items: UploadRequest[] }>('GET', '/upload-requests/all', {
      token: admin.token,
    });
    expect(all.body.items.map((r) => r.name)).toContain('Renamed');
    expect(
      (await server.call('GET', '/upload-requests/all', { token: auditor.token })).status,
    ).toBe(403);
    const removed = await server.call('DELETE', `/upload-requests/${saved.body.id}`, {
      token: auditor.token,
    });
    expect(removed.body).toMatchObject({ message: UPLOAD_MESSAGES.requestDeleted });
  });

  it('district requests and district links', async () => {
    const saved = await server.call<Saved>('POST', '/upload-district-requests', {
      token: auditor.token,
      body: { district_id: districtId, name: 'District clerk' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.request_url).toContain('/upload-district/');
    const { id, token } = linkParts(saved.body.request_url);
    expect(
      (await server.call('POST', '/direct-district-upload/verify', { body: { id, token } })).status,
    ).toBe(200);
    expect(
      (await server.call('POST', '/direct-upload/verify', { body: { id, token } })).status,
    ).toBe(404);
    const list = await server.call<{ items: UploadRequest[] }>(
      'GET',
      `/upload-district-requests/${districtId}`,
      { token: auditor.token },
    );
    expect(list.body.items).toHaveLength(1);
    // The district's Observer reads the requests but gets no link and no actions; the
    // election's Upload Requests stay for Auditors and Uploaders.
    const seen = await server.call<{ items: UploadRequest[] }>(
      'GET',
      `/upload-district-requests/${districtId}`,
      { token: observer.token },
    );
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.items).toEqual([
      expect.objectContaining({
        name: 'District clerk',
        request_url: '',
        can: { update: false, delete: false },
      }),
    ]);
    const electionList = await server.call('GET', `/upload-requests/${election.id}`, {
      token: observer.token,
    });
    expect(electionList.status).toBe(403);
    const refused = await server.call('POST', '/upload-district-requests', {
      token: observer.token,
      body: { district_id: districtId, name: 'Not mine to send' },
    });
    expect(refused.status).toBe(403);
  });
});
