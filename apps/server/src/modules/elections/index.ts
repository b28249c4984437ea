import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerElectionRoutes } from './elections.routes.js';
import { registerMemberRoutes } from './members.routes.js';

export function registerElectionsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerElectionRoutes(app, auth, deps);
  registerMemberRoutes(app, auth, deps);
}

export { loadElection, type LoadedElection } from './elections.service.js';
export { isElectionAuditor } from './elections.policy.js';
