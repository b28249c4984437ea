import type { FastifyInstance } from 'fastify';
import { packageRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import {
  createManualSubscription,
  createPackage,
  getPackage,
  listActivePackages,
  listPackages,
  listSubscriptions,
  listSubscriptionsOfUser,
  updatePackage,
} from './packages.service.js';

export function registerPackageRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, packageRoutes.list, {
    access: 'admin',
    handler: ({ query }) => listPackages(deps, query.search),
  });
  registerRoute(app, auth, packageRoutes.active, {
    access: 'session',
    handler: () => listActivePackages(deps),
  });
  registerRoute(app, auth, packageRoutes.get, {
    access: 'admin',
    handler: ({ params }) => getPackage(deps, params.id),
  });
  registerRoute(app, auth, packageRoutes.create, {
    access: 'admin',
    handler: ({ user, body }) => createPackage(deps, user, body),
  });
  registerRoute(app, auth, packageRoutes.update, {
    access: 'admin',
    handler: ({ user, params, body }) => updatePackage(deps, user, params.id, body),
  });
  registerRoute(app, auth, packageRoutes.mine, {
    access: 'session',
    handler: ({ user }) => listSubscriptions(deps, user.id),
  });
  registerRoute(app, auth, packageRoutes.ofUser, {
    access: 'admin',
    handler: ({ params }) => listSubscriptionsOfUser(deps, params.userId),
  });
  registerRoute(app, auth, packageRoutes.manual, {
    access: 'admin',
    handler: ({ user, body }) => createManualSubscription(deps, user, body),
  });
}
