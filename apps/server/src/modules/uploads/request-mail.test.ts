import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, type Election } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { REQUEST_MAILS_PER_ADDRESS_PER_DAY, REQUEST_MAILS_PER_HOUR } from './requests.service.js';

let server: TestServer;
let auditor: Account;
let election: Election;
beforeAll(async () => {
  server = await startTestServer();
  auditor = await createAccount(server, { role: 'Client' });
  const district = await createDistrict(server, auditor.token);
  election = await createElection(server, auditor.token, district.id, { name: 'Levy vote' });
});
afterAll(async () => server.close());

const ask = (email: string, extra: Record<string, unknown> = {}) =>
  server.call('POST', '/upload-requests', {
    token: auditor.token,
    body: { election_id: election.id, name: 'Clerk', email, send_email: true, ...extra },
  });

async function requestRows(): Promise<number> {
  const { rows } = await server.deps.database.executeSql(
    'SELECT count(*)::int AS n FROM upload_requests',
  );
  return (rows[0] as { n: number }).n;
}

describe('upload request mail', () => {
  it('sends a fixed text naming who asked, never the form text', async () => {
    const email = 'target@example.org';
    const answer = await ask(email, {
      name: 'Your bank: verify at http://evil.example now',
      description: 'Your account is locked. Log in at http://evil.example',
    });
    expect(answer.status).toBe(201);
    const [mail] = await server.mailsTo(email);
    expect(mail?.textBody).not.toContain('evil.example');
    expect(mail?.subject).not.toContain('evil.example');
    expect(mail?.textBody).toContain(auditor.email);
    expect(mail?.textBody).toContain('Levy vote');
    expect(mail?.textBody).toContain('http://scrutineer.test/upload/');
  });

  it('mails only a real address', async () => {
    const before = await requestRows();
    const answer = await ask('not an address');
    expect(answer).toMatchObject({ status: 400, body: { error: UPLOAD_MESSAGES.emailInvalid } });
    expect(await requestRows()).toBe(before);
  });

  it('mails one address a few times a day and one account a limited number an hour', async () => {
    const email = 'often@example.org';
    for (let n = 0; n < REQUEST_MAILS_PER_ADDRESS_PER_DAY; n += 1) {
      expect((await ask(email)).status).toBe(201);
    }
    const before = await requestRows();
    const capped = await ask(email.toUpperCase());
    expect(capped).toMatchObject({
      status: 429,
      body: { error: UPLOAD_MESSAGES.tooManyRequestMails },
    });
    expect(await requestRows()).toBe(before);
    expect(await server.mailsTo(email)).toHaveLength(REQUEST_MAILS_PER_ADDRESS_PER_DAY);
    // A request without mail is still saved.
    expect((await ask(email, { send_email: false })).status).toBe(201);

    const sent = 1 + REQUEST_MAILS_PER_ADDRESS_PER_DAY;
    for (let n = sent; n < REQUEST_MAILS_PER_HOUR; n += 1) {
      expect((await ask(`person${n}@example.org`)).status).toBe(201);
    }
    const overHour = await ask('one.more@example.org');
    expect(overHour.status).toBe(429);
    expect(await server.mailsTo('one.more@example.org')).toHaveLength(0);
  });
});
