import type { FastifyInstance } from 'fastify';
import { leaderboardRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { isAdmin } from '../users/index.js';
import { listLeaderboard } from './leaderboard.repository.js';

export function registerLeaderboardRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, leaderboardRoutes.list, {
    access: 'session',
    handler: async ({ query, user }) => {
      const { items, total } = await listLeaderboard(deps.database.db, {
        search: query.search,
        sort: query.sort,
        order: query.order,
        page: query.page,
        pageSize: query.page_size,
        viewer: { id: user.id, isAdmin: isAdmin(user) },
      });
      return { items, total, page: query.page, page_size: query.page_size };
    },
  });
}
