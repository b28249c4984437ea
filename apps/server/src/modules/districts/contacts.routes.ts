import type { FastifyInstance } from 'fastify';
import { DISTRICT_MESSAGES, districtContactRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentContact } from './contacts.presenter.js';
import {
  createContact,
  deleteContact,
  getContact,
  listDistrictContacts,
  updateContact,
} from './contacts.service.js';

export function registerContactRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, districtContactRoutes.list, {
    access: 'session',
    handler: async ({ user, params, query }) => {
      const { items, total } = await listDistrictContacts(deps, user, params.districtId, query);
      return {
        items: items.map(({ contact, role }) => presentContact(contact, role)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  });

  registerRoute(app, auth, districtContactRoutes.get, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { contact, role } = await getContact(deps, user, params.districtId, params.id);
      return presentContact(contact, role);
    },
  });

  registerRoute(app, auth, districtContactRoutes.create, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { contact, role } = await createContact(deps, user, params.districtId, body);
      return { message: DISTRICT_MESSAGES.contactCreated, ...presentContact(contact, role) };
    },
  });

  registerRoute(app, auth, districtContactRoutes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const saved = await updateContact(deps, user, params.districtId, params.id, body);
      return {
        message: DISTRICT_MESSAGES.contactUpdated,
        ...presentContact(saved.contact, saved.role),
      };
    },
  });

  registerRoute(app, auth, districtContactRoutes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await deleteContact(deps, user, params.districtId, params.id);
      return { message: DISTRICT_MESSAGES.contactDeleted };
    },
  });
}
