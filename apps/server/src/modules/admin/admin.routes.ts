import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { listOutbox } from './outbox.repository.js';

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
}
