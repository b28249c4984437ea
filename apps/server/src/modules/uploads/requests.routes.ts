import type { FastifyInstance } from 'fastify';
import {
  UPLOAD_MESSAGES,
  uploadRequestAdminRoutes,
  uploadRequestRoutesFor,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { listAllRequests, listRequests } from './requests.repository.js';
import { presentRequest, removeRequest, saveRequest } from './requests.service.js';
import { loadOwner, loadOwnerForUpload, type Owner } from './uploads.owner.js';

/** Upload Requests tab of elections and districts. */
export function registerRequestRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  type: Owner['type'],
): void {
  const routes = uploadRequestRoutesFor[type];

  registerRoute(app, auth, routes.list, {
    access: 'session',
    handler: async ({ user, params }) => {
      // A district's Observer reads its requests (spec part 2: the tab is not role-gated there),
      // without their links; an election's tab is for Auditors and Uploaders only.
      const ref = { type, id: params.id };
      const owner =
        type === 'district'
          ? await loadOwner(deps.database.db, user, ref)
          : await loadOwnerForUpload(deps.database.db, user, ref);
      const rows = await listRequests(deps.database.db, owner);
      return { items: rows.map((row) => presentRequest(deps, row, owner, owner.role)) };
    },
  });

  registerRoute(app, auth, routes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { presented, created } = await saveRequest(deps, user, type, body);
      return {
        message: created ? UPLOAD_MESSAGES.requestSent : UPLOAD_MESSAGES.requestUpdated,
        ...presented,
      };
    },
  });

  registerRoute(app, auth, routes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { presented } = await saveRequest(deps, user, type, body, params.id);
      return { message: UPLOAD_MESSAGES.requestUpdated, ...presented };
    },
  });

  registerRoute(app, auth, routes.copy, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { presented } = await saveRequest(deps, user, type, body);
      return { id: presented.id, request_url: presented.request_url };
    },
  });

  registerRoute(app, auth, routes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await removeRequest(deps, user, type, params.id);
      return { message: UPLOAD_MESSAGES.requestDeleted };
    },
  });
}

export function registerRequestAdminRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, uploadRequestAdminRoutes.all, {
    access: 'admin',
    handler: async () => {
      const rows = await listAllRequests(deps.database.db);
      return {
        items: rows.map(({ request, election, district }) => {
          const owner = election
            ? { name: election.name, state: election.state, county: election.county }
            : {
                name: district?.name ?? '',
                state: district?.stateName ?? '',
                county: district?.districtName ?? '',
              };
          return presentRequest(deps, request, owner, 'Auditor');
        }),
      };
    },
  });
}
