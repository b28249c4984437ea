import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await createUser(server)).session.access_token;
});
afterAll(async () => server.close());

async function post(path: string, body: string, bearer?: string) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error: string } };
}

describe('the caller is checked before the body', () => {
  it('answers an anonymous caller 401 whatever the body, and a signed-in one 400', async () => {
    for (const path of ['/elections', '/districts', '/profile/password-reset', '/projects']) {
      const invalid = await post(path, '{"name": 7}');
      expect(invalid, path).toEqual({ status: 401, body: { error: MESSAGES.signInRequired } });
      const unparsable = await post(path, '{"name": ');
      expect(unparsable.status, path).toBe(401);
      expect((await post(path, '{"name": 7}', token)).status, path).toBe(400);
    }
  });

  it('answers a bad token 401 before validating', async () => {
    const answer = await post('/elections', '{}', 'not-a-token');
    expect(answer.status).toBe(401);
  });
});
