import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerProjectRoutes } from './projects.routes.js';

export function registerProjectsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerProjectRoutes(app, auth, deps);
}

export { addReceived, findProjectById } from './projects.repository.js';
export { canManageProjects, canSeeProject } from './projects.policy.js';
