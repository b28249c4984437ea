import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@scrutineer/contracts';

/** Paths never shed: the health and readiness checks load balancers read, and upload parts. */
const EXEMPT = /^\/api\/(health(\?|$)|ready(\?|$)|blobs\/)/;

/**
 * Bounds the API requests in progress at once. Past `maxInFlight` a request is answered at once
 * with 503 and `Retry-After` instead of waiting in a queue without end: a crowd then costs its
 * callers a retry, not every caller a timeout, and the server never works for clients that
 * already gave up.
 */
export function registerLoadShedding(
  app: FastifyInstance,
  options: { maxInFlight: number; retryAfterSeconds?: number },
): void {
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (!url.startsWith('/api/') || EXEMPT.test(url)) return;
    if (inFlight >= options.maxInFlight) {
      return reply
        .status(503)
        .header('retry-after', retryAfter)
        .send({ error: MESSAGES.serverBusy });
    }
    inFlight += 1;
    // 'close' comes once the answer is sent or the client went away, whichever is first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
}
