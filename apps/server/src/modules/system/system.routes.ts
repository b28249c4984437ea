import type { FastifyInstance } from 'fastify';
import { systemRoutes, VERSION } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { pingDatabase } from '../../platform/db/database.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';

export function registerSystemRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, systemRoutes.health, {
    access: 'public',
    handler: async ({ reply }) => {
      try {
        const latency = await pingDatabase(deps.database.db);
        return {
          status: 'ok' as const,
          database: {
            reachable: true,
            latency_ms: Math.round(latency * 100) / 100,
            kind: deps.database.kind,
          },
        };
      } catch (error) {
        deps.log.error({ err: error }, 'database health check failed');
        reply.status(503);
        return {
          status: 'degraded' as const,
          database: { reachable: false, latency_ms: 0, kind: deps.database.kind },
        };
      }
    },
  });

  registerRoute(app, auth, systemRoutes.version, {
    access: 'public',
    handler: async () => ({ ...VERSION }),
  });
}
