import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerPackageRoutes } from './packages.routes.js';

export function registerPackagesModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerPackageRoutes(app, auth, deps);
}

export { loadActivePackage, listSubscriptionsOfUser } from './packages.service.js';
export {
  endSubscription,
  expireSubscriptions,
  renewSubscription,
  startSubscription,
} from './subscriptions.js';
export { findPackage } from './packages.repository.js';
