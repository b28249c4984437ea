import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerAuditTypeRoutes } from './types.routes.js';

export function registerAuditTypesModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerAuditTypeRoutes(app, auth, deps);
}

export { loadArgSpecs } from './specs.js';
export { seedArgSpecs, SEED_GROUPS } from './specs.seed.js';
export { listItems, parseStages, valueProblem } from './arg-values.js';
