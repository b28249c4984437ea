import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, adminRoutes } from '@scrutineer/contracts';
import { pingDatabase } from '../../platform/db/database.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { readDashboard } from './dashboard.repository.js';
import { listOutbox } from './outbox.repository.js';
import { registerAdminUserRoutes } from './users.routes.js';

export function registerAdminRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, adminRoutes.listOutbox, {
    access: 'admin',
    handler: async ({ query }) => {
      const { items, total } = await listOutbox(deps.database.db, {
        search: query.search,
        page: query.page,
        pageSize: query.page_size,
      });
      return {
        items: items.map((mail) => ({
          id: mail.id,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          transport: mail.transport,
          sent_at: mail.sentAt?.toISOString() ?? null,
          error: mail.error,
          created_at: mail.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  });

  registerRoute(app, auth, adminRoutes.dashboard, {
    access: 'admin',
    handler: () => readDashboard(deps.database.db),
  });

  registerRoute(app, auth, adminRoutes.restartRds, {
    access: 'admin',
    handler: async ({ user, reply }) => {
      deps.log.warn({ admin: user.id }, 'database connections recycled by an Admin');
      try {
        await deps.database.recycle();
        const latency = await pingDatabase(deps.database.db);
        return {
          message: ADMIN_MESSAGES.restarting,
          health: {
            status: 'ok' as const,
            database: {
              reachable: true,
              latency_ms: Math.round(latency * 100) / 100,
              kind: deps.database.kind,
            },
          },
        };
      } catch (error) {
        deps.log.error({ err: error }, 'database restart failed');
        reply.status(503);
        return {
          message: ADMIN_MESSAGES.restarting,
          health: {
            status: 'degraded' as const,
            database: { reachable: false, latency_ms: 0, kind: deps.database.kind },
          },
        };
      }
    },
  });

  registerAdminUserRoutes(app, auth, deps);
}
