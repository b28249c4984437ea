import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@scrutineer/contracts';
import { createAccount, type Account } from '../../test/elections-fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { generalLinkToken, sendParts, type Started } from '../../test/upload-fixtures.js';
import { sweepIdleUploads } from './index.js';
import { findUpload } from './uploads.repository.js';

const MIB = 1024 * 1024;
let server: TestServer;
let admin: Account;
let token: string;

beforeAll(async () => {
  server = await startTestServer({
    GENERAL_UPLOAD_MAX_BYTES: String(64 * MIB),
    GENERAL_UPLOAD_OPEN_PER_ADDRESS: '3',
    GENERAL_UPLOAD_ADDRESS_MAX_BYTES: String(100 * MIB),
  });
  admin = await createAccount(server, { role: 'Admin' });
  token = await generalLinkToken(server, admin.token);
});
afterAll(async () => server.close());

const start = (body: Record<string, unknown>) =>
  server.call<Started & { error?: string }>('POST', '/general-upload', {
    body: { file_name: 'scan.zip', state: 'CA', county: 'Alameda', file_size: 10, ...body },
  });

const openCount = async () => {
  const { rows } = await server.deps.database.executeSql(
    `SELECT count(*)::int AS n FROM uploads WHERE kind = 'general' AND status = 'Uploading'`,
  );
  return (rows as { n: number }[])[0]!.n;
};

describe('general uploads without an account', () => {
  it('need the token of an Admin’s link: none, a forged or an expired one is refused', async () => {
    const expired = `${Date.now() - 1000}.${token.split('.')[1]}`;
    const later = `${Date.now() + 86_400_000 * 400}.${token.split('.')[1]}`;
    for (const linkToken of [undefined, '', 'nope', expired, later]) {
      const answer = await start(linkToken === undefined ? {} : { link_token: linkToken });
      expect(answer, String(linkToken)).toMatchObject({
        status: 403,
        body: { error: UPLOAD_MESSAGES.generalLinkInvalid },
      });
    }
    expect(await openCount()).toBe(0);
    const link = await server.call('GET', '/general-upload-link');
    expect(link.status).toBe(401);
    const bytes = Buffer.from('general');
    const ok = await start({ link_token: token, file_size: bytes.length });
    expect(ok.status).toBe(201);
    const parts = await sendParts(server, ok.body, bytes);
    const done = await server.call('PUT', `/general-upload/${ok.body.id}`, {
      body: { status: 'Success', upload_parts: parts, upload_token: ok.body.upload_token },
    });
    expect(done.status).toBe(200);
  });

  it('refuse a file past the size limit before any part link is made', async () => {
    const answer = await start({ link_token: token, file_size: 1024 ** 4 });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: 'file_size: A general upload can be at most 64 MiB.' },
    });
    expect(answer.body.urls).toBeUndefined();
    expect(await openCount()).toBe(0);
  });

  it('limit the unfinished uploads of one address, in number and in bytes', async () => {
    const big = await start({ link_token: token, file_size: 60 * MIB });
    expect(big.status).toBe(201);
    const tooMuch = await start({ link_token: token, file_size: 50 * MIB });
    expect(tooMuch).toMatchObject({
      status: 429,
      body: { error: UPLOAD_MESSAGES.generalTooManyOpen },
    });
    const small = await Promise.all([start({ link_token: token }), start({ link_token: token })]);
    expect(small.map((answer) => answer.status)).toEqual([201, 201]);
    const fourth = await start({ link_token: token });
    expect(fourth.status).toBe(429);
    // Cancelling one frees its place.
    const canceled = await server.call('PUT', `/general-upload/${big.body.id}`, {
      body: { status: 'Canceled', upload_token: big.body.upload_token },
    });
    expect(canceled.status).toBe(200);
    expect((await start({ link_token: token })).status).toBe(201);
  });

  it('are aborted, their parts released, once idle past their shorter deadline', async () => {
    const { rows } = await server.deps.database.executeSql(
      `SELECT id FROM uploads WHERE kind = 'general' AND status = 'Uploading' ORDER BY id`,
    );
    const ids = (rows as { id: number }[]).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    const day = 24 * 3_600_000;
    // Within the general deadline nothing goes; past it, only general uploads go.
    expect(await sweepIdleUploads(server.deps, day, Date.now(), 'general')).toBe(0);
    expect(await sweepIdleUploads(server.deps, day, Date.now() + day + 60_000, 'general')).toBe(
      ids.length,
    );
    for (const id of ids) {
      const row = await findUpload(server.deps.database.db, id);
      expect(row?.upload).toMatchObject({ status: 'Failed', multipartId: null });
    }
    expect(await openCount()).toBe(0);
  });
});
