import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerJobRoutes } from './jobs.routes.js';
import { registerPermissionRoutes } from './permissions.routes.js';

export function registerAuditJobsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerJobRoutes(app, auth, deps);
  registerPermissionRoutes(app, auth, deps);
}

export { loadJob, loadJobForFiles, type LoadedJob } from './jobs.access.js';
export {
  canAdjudicateJob,
  canHandleFiles,
  canRunJob,
  isJobAuditor,
  permitsBallot,
} from './jobs.policy.js';
export { progressOf } from './jobs.presenter.js';
