import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerFileRoutes } from './files.routes.js';
import { registerGeneralRoutes } from './general.routes.js';
import { registerLinkRoutes } from './link.routes.js';
import { registerRequestAdminRoutes, registerRequestRoutes } from './requests.routes.js';
import { registerSetRoutes } from './sets.routes.js';

export function registerUploadsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRequestAdminRoutes(app, auth, deps);
  for (const type of ['election', 'district'] as const) {
    registerSetRoutes(app, auth, deps, type);
    registerFileRoutes(app, auth, deps, type);
    registerRequestRoutes(app, auth, deps, type);
    registerLinkRoutes(app, auth, deps, type);
  }
  registerGeneralRoutes(app, auth, deps);
}

export { sweepIdleUploads } from './uploads.sweep.js';
