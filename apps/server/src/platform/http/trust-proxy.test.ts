import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, MESSAGES } from '@scrutineer/contracts';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';
import { loadConfig, trustProxyOption } from '../config.js';

const signIn = (server: TestServer, email: string, password: string, forwardedFor: string) =>
  fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password: encodePassword(password) }),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default; names hops or addresses; refuses `true` and non-addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    const oneHop = trustProxyOption(1);
    if (typeof oneHop !== 'function') throw new Error('a hop count becomes a function');
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the number/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});

describe('rate limits without a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SIGNIN_RATE_LIMIT_MAX: '5' });
  });
  afterAll(async () => server.close());

  it('count by the connecting address, whatever X-Forwarded-For claims', async () => {
    const user = await createUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await signIn(server, user.email, 'wrong guess', `203.0.113.${i}`)).status);
    // createUser's own sign-in was the first of the five allowed.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    const right = await signIn(server, user.email, user.password, '198.51.100.7');
    expect(right).toEqual({ status: 429, body: { error: MESSAGES.tooManyAttempts } });
  });
});

describe('rate limits behind a named proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SIGNIN_RATE_LIMIT_MAX: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => server.close());

  it("count by the client address the proxy reports, not the proxy's", async () => {
    const user = await createUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await signIn(server, user.email, 'wrong guess', '203.0.113.9')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy keeps its own allowance.
    expect((await signIn(server, user.email, user.password, '198.51.100.7')).status).toBe(200);
    // An address the client prepends itself is not believed: the proxy's entry is the last.
    const forged = await signIn(server, user.email, 'wrong guess', '192.0.2.1, 203.0.113.9');
    expect(forged.status).toBe(429);
  });
});
