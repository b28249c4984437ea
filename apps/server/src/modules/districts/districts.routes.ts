import type { FastifyInstance } from 'fastify';
import { DISTRICT_MESSAGES, districtRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentDistrict } from './districts.presenter.js';
import {
  createDistrict,
  deleteDistrict,
  listDistricts,
  loadDistrict,
  updateDistrict,
} from './districts.service.js';

export function registerDistrictRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, districtRoutes.list, {
    access: 'session',
    handler: async ({ user, query }) => {
      const { items, total } = await listDistricts(deps, user, query);
      return {
        items: items.map(({ row, role }) => presentDistrict(row, role)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  });

  registerRoute(app, auth, districtRoutes.get, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { row, role } = await loadDistrict(deps.database.db, user, params.id);
      return presentDistrict(row, role);
    },
  });

  registerRoute(app, auth, districtRoutes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { row, role } = await createDistrict(deps, user, body);
      return { message: DISTRICT_MESSAGES.created, ...presentDistrict(row, role) };
    },
  });

  registerRoute(app, auth, districtRoutes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { row, role } = await updateDistrict(deps, user, params.id, body);
      return { message: DISTRICT_MESSAGES.updated, ...presentDistrict(row, role) };
    },
  });

  registerRoute(app, auth, districtRoutes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await deleteDistrict(deps, user, params.id);
      return { message: DISTRICT_MESSAGES.deleted };
    },
  });
}
