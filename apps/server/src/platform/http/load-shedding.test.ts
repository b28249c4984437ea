import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { MIN_IN_FLIGHT } from './load-shedding.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAX_CONCURRENT_REQUESTS: '2' });
});
afterAll(async () => server.close());

/** A request whose body never finishes: it stays in progress until it is destroyed. */
function hangingRequest(): http.ClientRequest {
  const url = new URL('/api/auth/sign-in', server.url);
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': '1000' },
  });
  request.on('error', () => undefined);
  request.write('{"email":');
  return request;
}

/** Asks until the answer is not `status` (the hanging requests reached the server), at most 50 times. */
async function untilNot(path: string, status: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await fetch(`${server.url}${path}`);
    if (answer.status !== status) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} kept answering ${status}`);
}

describe('load shedding', () => {
  it('answers 503 with Retry-After past the requests in progress, keeps health, and recovers', async () => {
    const hanging = [hangingRequest(), hangingRequest()];
    const shed = await untilNot('/api/elections', 401);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(await shed.json()).toEqual({ error: MESSAGES.serverBusy });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    for (const request of hanging) request.destroy();
    const served = await untilNot('/api/elections', 503);
    expect(served.status).toBe(401);
  });

  it('once requests wait, lets in no more than finished lately (down to a floor), below the count', async () => {
    const patient = await startTestServer({
      MAX_CONCURRENT_REQUESTS: '100',
      MAX_REQUEST_WAIT_MS: '50',
    });
    try {
      const url = new URL('/api/auth/sign-in', patient.url);
      // Nothing finished lately and the oldest has waited: the floor holds, though the count
      // allows 100.
      const hanging = Array.from({ length: MIN_IN_FLIGHT }, () => {
        const request = http.request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '1000' },
        });
        request.on('error', () => undefined);
        request.write('{"email":');
        return request;
      });
      let shed: Response | undefined;
      for (let attempt = 0; attempt < 50 && shed?.status !== 503; attempt += 1) {
        shed = await fetch(`${patient.url}/api/elections`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(shed?.status).toBe(503);
      expect(shed?.headers.get('retry-after')).toBe('1');
      expect((await fetch(`${patient.url}/api/health`)).status).toBe(200);
      for (const request of hanging) request.destroy();
      let served: Response | undefined;
      for (let attempt = 0; attempt < 50 && served?.status !== 401; attempt += 1) {
        served = await fetch(`${patient.url}/api/elections`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(served?.status).toBe(401);
    } finally {
      await patient.close();
    }
  });
});
