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
      // The service worker and the page itself are checked for a new build on every load.
      setHeaders: (reply, filePath) => {
        if (/(^|[\\/])(sw\.js|index\.html)$/.test(filePath))
          reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '';
    // A missing script, stylesheet or service worker must fail as such, not load the app shell
    // in its place (a browser would install the page as its service worker).
    const isAsset = url.startsWith('/assets/') || /\.(js|mjs|css|map|webmanifest)(\?|$)/.test(url);
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
