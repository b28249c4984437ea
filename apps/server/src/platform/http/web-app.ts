import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@scrutineer/contracts';

/**
 * Serves the built single-page app; every path outside the API answers index.html so the
 * client router owns it. Unknown API paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const hasWeb = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '';
    // A missing script or stylesheet must fail as such, not load the app shell in its place.
    const isAsset = url.startsWith('/assets/');
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      isAsset ||
      request.method !== 'GET' ||
      !hasWeb
    ) {
      return reply.status(404).send({ error: MESSAGES.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
