import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
const INT4_MAX = 2147483647;
const NUL_MESSAGE = 'Text cannot contain NUL characters.';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';

let server: TestServer;
let auditor: Account;
let electionId: number;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, auditor.token);
  electionId = (await createElection(server, auditor.token, district.id)).id;
});
afterAll(async () => server.close());

/** Folders the local store keeps for uploads in progress. */
async function uploadFolders(): Promise<string[]> {
  const root = path.join(server.deps.config.DATA_DIR, 'blobs', 'multipart');
  return readdir(root).catch(() => []);
}

async function uploadRows(): Promise<number> {
  const { rows } = await server.deps.database.executeSql('SELECT count(*)::int AS n FROM uploads');
  return (rows[0] as { n: number }).n;
}

describe('input no field can hold', () => {
  it('refuses NUL in a path field with 400', async () => {
    for (const [method, route] of [
      ['GET', '/projects/%00'],
      ['GET', '/projects/a%00b/donors'],
      ['GET', '/elections?search=%00'],
    ] as const) {
      const answer = await server.call(method, route, { token: auditor.token });
      expect(answer.status, route).toBe(400);
      expect(String(answer.body.error), route).toContain(NUL_MESSAGE);
    }
  });

  it('refuses NUL in a body field, naming it, and keeps nothing of the upload', async () => {
    const foldersBefore = await uploadFolders();
    const rowsBefore = await uploadRows();
    const answer = await server.call('POST', '/upload-files', {
      token: auditor.token,
      body: {
        election_id: electionId,
        file_name: 'notes.txt',
        content_type: 'text/plain\u0000',
        file_size: 10,
      },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: `content_type: ${NUL_MESSAGE}` } });
    expect(await uploadFolders()).toEqual(foldersBefore);
    expect(await uploadRows()).toBe(rowsBefore);
  });

  it('refuses ids past the integer range with 400', async () => {
    for (const id of [INT4_MAX + 1, 99_999_999_999, 1e20]) {
      const answer = await server.call('GET', `/elections/${id}`, { token: auditor.token });
      expect(answer.status, String(id)).toBe(400);
      const body = await server.call('POST', '/upload-files', {
        token: auditor.token,
        body: { election_id: id, file_name: 'a.txt', file_size: 1 },
      });
      expect(body.status, String(id)).toBe(400);
    }
    const page = await server.call('GET', `/elections?page=${INT4_MAX + 1}`, {
      token: auditor.token,
    });
    expect(page.status).toBe(400);
    expect(
      (await server.call('GET', `/elections/${INT4_MAX}`, { token: auditor.token })).status,
    ).toBe(404);
  });

  it('refuses a file the store cannot hold with 400 and leaves no upload folder', async () => {
    const foldersBefore = await uploadFolders();
    const rowsBefore = await uploadRows();
    for (const size of [16 * 2 ** 40, 30 * 2 ** 40]) {
      const answer = await server.call('POST', '/upload-files', {
        token: auditor.token,
        body: { election_id: electionId, file_name: 'huge.bin', file_size: size },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(String(answer.body.error)).toMatch(/^file_size: /);
    }
    expect(await uploadFolders()).toEqual(foldersBefore);
    expect(await uploadRows()).toBe(rowsBefore);
  });
});
