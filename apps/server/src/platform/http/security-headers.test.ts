import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../../test/harness.js';
import { registerSecurityHeaders } from './security-headers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('security headers', () => {
  it('answers every API call with a CSP, nosniff, frame refusal and no referrer; no HSTS on http', async () => {
    const user = await createUser(server);
    for (const [path, token] of [
      ['/health', undefined],
      ['/profile', user.session.access_token],
      ['/no-such-route', undefined],
    ] as const) {
      const answer = await server.call('GET', path, token ? { token } : {});
      const csp = directives(answer.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
      expect(answer.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(answer.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('lets the local checkout form return to the public address and nowhere else', async () => {
    const answer = await fetch(`${server.url}/api/local-checkout/cs_local_unknown`);
    const csp = directives(answer.headers.get('content-security-policy'));
    expect(csp.get('form-action')).toEqual(["'self'", 'http://scrutineer.test']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends HSTS when the public address is https', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, 'https://audits.example.org');
    app.get('/', async () => 'ok');
    const answer = await app.inject({ method: 'GET', url: '/' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(answer.headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
    await app.close();
  });
});
