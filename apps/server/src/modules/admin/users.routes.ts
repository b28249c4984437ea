import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, adminUserRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { listUsersByStatus, presentAdminUser } from '../users/index.js';
import {
  deleteInactiveUser,
  getManagedUser,
  setUserActive,
  setUserFlags,
  updateManagedUser,
} from './users.service.js';

/** The Users tab of the Admin board. */
export function registerAdminUserRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const db = () => deps.database.db;
  const list = async (
    active: boolean,
    query: { search?: string | undefined; page: number; page_size: number },
  ) => {
    const { items, total } = await listUsersByStatus(db(), {
      active,
      search: query.search,
      page: query.page,
      pageSize: query.page_size,
    });
    return {
      items: items.map(presentAdminUser),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  };

  registerRoute(app, auth, adminUserRoutes.listActive, {
    access: 'admin',
    handler: ({ query }) => list(true, query),
  });
  registerRoute(app, auth, adminUserRoutes.listByStatus, {
    access: 'admin',
    handler: ({ params, query }) => list(params.status === 'Active', query),
  });
  registerRoute(app, auth, adminUserRoutes.details, {
    access: 'admin',
    handler: async ({ params }) => presentAdminUser(await getManagedUser(db(), params.id)),
  });
  registerRoute(app, auth, adminUserRoutes.update, {
    access: 'admin',
    handler: async ({ params, body, user }) => ({
      message: ADMIN_MESSAGES.userUpdated,
      user: presentAdminUser(await updateManagedUser(db(), user, params.id, body)),
    }),
  });
  registerRoute(app, auth, adminUserRoutes.updatePermission, {
    access: 'admin',
    handler: async ({ params, body, user }) => ({
      message: ADMIN_MESSAGES.permissionUpdated,
      user: presentAdminUser(await setUserFlags(db(), user, params.id, body)),
    }),
  });
  registerRoute(app, auth, adminUserRoutes.deactivate, {
    access: 'admin',
    handler: async ({ params, user }) => ({
      message: ADMIN_MESSAGES.userDeactivated,
      user: presentAdminUser(await setUserActive(db(), user, params.id, false)),
    }),
  });
  registerRoute(app, auth, adminUserRoutes.activate, {
    access: 'admin',
    handler: async ({ params, user }) => ({
      message: ADMIN_MESSAGES.userActivated,
      user: presentAdminUser(await setUserActive(db(), user, params.id, true)),
    }),
  });
  registerRoute(app, auth, adminUserRoutes.deletePermanently, {
    access: 'admin',
    handler: async ({ params, user }) => {
      await deleteInactiveUser(db(), user, params.id);
      return { message: ADMIN_MESSAGES.userDeleted };
    },
  });
}
