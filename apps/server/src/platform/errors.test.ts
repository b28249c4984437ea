import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrutineer/contracts';
import { registerErrorHandler } from './errors.js';

describe('the error handler', () => {
  it('answers a database data exception 400 with the plain message, anything else 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const dataError = (code: string) =>
      Object.assign(new Error('query failed'), { cause: Object.assign(new Error('x'), { code }) });
    app.get('/range', async () => Promise.reject(dataError('22003')));
    app.get('/nul', async () => Promise.reject(dataError('22021')));
    app.get('/other', async () => Promise.reject(dataError('23505')));
    for (const url of ['/range', '/nul']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toEqual({ error: MESSAGES.invalidValue });
    }
    const other = await app.inject({ url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ error: 'Something went wrong. Please try again.' });
    await app.close();
  });
});
