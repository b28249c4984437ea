import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@scrutineer/contracts';

/** Paths never shed: the health and readiness checks load balancers read, and upload parts. */
const EXEMPT = /^\/api\/(health(\?|$)|ready(\?|$)|blobs\/)/;

/** Requests always let in, whatever the recent rate: enough for a quiet server to warm up. */
export const MIN_IN_FLIGHT = 16;

/**
 * Bounds the API requests in progress at once. A request is let in while fewer than `maxInFlight`
 * are in progress; and once the oldest of them has waited `maxWaitMs`, only while fewer are in
 * progress than the server finished in the last `maxWaitMs` (but at least `MIN_IN_FLIGHT`): at
 * the recent rate, those ahead of it are then done within that time. Otherwise it
 * is answered at once with 503 and `Retry-After` instead of joining a queue: a crowd then costs
 * its callers a retry, not every caller a timeout, and the server never works for clients that
 * already gave up. A count alone did not follow what the server can do right now: on cores busy
 * with other work, or on the embedded database, which answers one query at a time, 64 requests
 * took longer than clients wait.
 */
export function registerLoadShedding(
  app: FastifyInstance,
  options: { maxInFlight: number; maxWaitMs?: number; retryAfterSeconds?: number },
): void {
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
  // Start times of the requests in progress, oldest first (a Map keeps insertion order).
  const inFlight = new Map<object, number>();
  const oldestAge = (now: number) => {
    for (const started of inFlight.values()) return now - started;
    return 0;
  };
  // When recent requests finished, oldest first; those older than maxWaitMs are dropped.
  const finished: number[] = [];
  let first = 0;
  const recentlyFinished = (now: number) => {
    while (first < finished.length && now - (finished[first] ?? now) > maxWaitMs) first += 1;
    if (first > 1024 && first * 2 > finished.length) {
      finished.splice(0, first);
      first = 0;
    }
    return finished.length - first;
  };
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (!url.startsWith('/api/') || EXEMPT.test(url)) return;
    const now = performance.now();
    const limit =
      oldestAge(now) >= maxWaitMs
        ? Math.min(options.maxInFlight, Math.max(MIN_IN_FLIGHT, recentlyFinished(now)))
        : options.maxInFlight;
    if (inFlight.size >= limit) {
      return reply
        .status(503)
        .header('retry-after', retryAfter)
        .send({ error: MESSAGES.serverBusy });
    }
    const key = reply.raw;
    inFlight.set(key, now);
    // 'close' comes once the answer is sent or the client went away, whichever is first.
    reply.raw.once('close', () => {
      inFlight.delete(key);
      const done = performance.now();
      finished.push(done);
      recentlyFinished(done);
    });
  });
}
