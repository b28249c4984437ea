import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@scrutineer/contracts';
import { Registry } from 'prom-client';
import { httpDuration, httpRequests, registry } from '../metrics/metrics.js';
import type { createPipelineMetrics } from '../metrics/pipeline-metrics.js';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Counts every answer by its route pattern (`/api/elections/:id`), never the raw URL. */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

/**
 * Prometheus at `/metrics`, beside the API rather than in it (scrapers expect that path, and it
 * is no part of the contracts). Off (404) unless METRICS_TOKEN is set; then only a scraper that
 * sends `Authorization: Bearer <METRICS_TOKEN>` reads it.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  token: string | undefined,
  pipeline: ReturnType<typeof createPipelineMetrics>,
): void {
  app.get('/metrics', async (request, reply) => {
    if (!token) return reply.status(404).send({ error: MESSAGES.notFound });
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameText(header.slice(7).trim(), token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'Send the metrics token as a bearer token.' });
    }
    await pipeline.refresh();
    const all = Registry.merge([registry, pipeline.registry]);
    return reply.header('content-type', all.contentType).send(await all.metrics());
  });
}
