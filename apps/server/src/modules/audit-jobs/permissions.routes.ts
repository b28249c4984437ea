import type { FastifyInstance } from 'fastify';
import { JOB_PERMISSION_MESSAGES, jobPermissionRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import {
  answerJobPermission,
  getAuditPermission,
  getPermissionRequest,
  listPermissionRequests,
  requestJobPermission,
  saveAuditPermission,
} from './permissions.service.js';

export function registerPermissionRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const r = jobPermissionRoutes;
  registerRoute(app, auth, r.requests, {
    access: 'admin',
    handler: async ({ user }) => ({ items: await listPermissionRequests(deps, user) }),
  });
  registerRoute(app, auth, r.request, {
    access: 'session',
    handler: async ({ user, params }) => getPermissionRequest(deps, user, params.id),
  });
  registerRoute(app, auth, r.mine, {
    access: 'session',
    handler: async ({ user }) => ({ items: await listPermissionRequests(deps, user, user.id) }),
  });
  registerRoute(app, auth, r.create, {
    access: 'session',
    handler: async ({ user, body }) => ({
      message: JOB_PERMISSION_MESSAGES.requested,
      ...(await requestJobPermission(deps, user, body.job_ids)),
    }),
  });
  registerRoute(app, auth, r.answer, {
    access: 'admin',
    handler: async ({ user, params, body }) => ({
      message: JOB_PERMISSION_MESSAGES.updated,
      ...(await answerJobPermission(deps, user, params.id, body.job_permission)),
    }),
  });
  registerRoute(app, auth, r.userPermissions, {
    access: 'admin',
    handler: async ({ params }) => getAuditPermission(deps, params.id),
  });
  registerRoute(app, auth, r.save, {
    access: 'admin',
    handler: async ({ user, params, body }) => ({
      message: JOB_PERMISSION_MESSAGES.saved,
      ...(await saveAuditPermission(deps, user, params.id, body)),
    }),
  });
  registerRoute(app, auth, r.own, {
    access: 'session',
    handler: async ({ user }) => getAuditPermission(deps, user.id),
  });
}
