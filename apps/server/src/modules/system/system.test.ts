import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '@scrutineer/contracts';
import Fastify from 'fastify';
import { requireDeclaredAccess } from '../../platform/http/access.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('system routes', () => {
  it('reports database reachability', async () => {
    const answer = await server.call('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', database: { reachable: true } });
  });

  it('reports 503 when the database is gone', async () => {
    const broken = await startTestServer();
    await broken.deps.database.close();
    const answer = await broken.call('GET', '/health');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await broken.close().catch(() => undefined);
  });

  it('answers the version shown in the drawer', async () => {
    const answer = await server.call('GET', '/compute/version');
    expect(answer.body).toEqual(VERSION);
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const answer = await server.call<{ openapi: string; paths: Record<string, unknown> }>(
      'GET',
      '/docs/json',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\./);
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in',
        '/api/auth/sign-up',
        '/api/profile',
        '/api/health',
      ]),
    );
    const signUp = answer.body.paths['/api/auth/sign-up'] as { post: { requestBody: unknown } };
    expect(JSON.stringify(signUp.post.requestBody)).toContain('first_name');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await server.call('GET', '/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'Not found.' });
  });

  it('refuses to start when a route does not declare its access', async () => {
    const app = Fastify();
    requireDeclaredAccess(app, '/api', ['/api/docs']);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(
      'does not declare its access',
    );
    expect(() => app.get('/api/docs/page', async () => ({}))).not.toThrow();
  });
});
