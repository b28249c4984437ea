import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerContactRoutes } from './contacts.routes.js';
import { registerDistrictRoutes } from './districts.routes.js';

export function registerDistrictsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerDistrictRoutes(app, auth, deps);
  registerContactRoutes(app, auth, deps);
}

export { assertElectionsArea, loadDistrict, type LoadedDistrict } from './districts.service.js';
export { isDistrictAuditor } from './districts.policy.js';
