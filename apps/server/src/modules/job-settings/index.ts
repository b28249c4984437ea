import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerJobFileRoutes } from './files.routes.js';
import { registerJobFileUploadRoutes } from './upload.routes.js';

export function registerJobSettingsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerJobFileRoutes(app, auth, deps);
  // Multipart parsing only where files are posted as forms.
  void app.register(async (scope) => {
    await scope.register(multipart);
    registerJobFileUploadRoutes(scope, auth, deps);
  });
}

export { formatJobCsv, parseJobCsv } from './job-csv.js';
export { checkSettings } from './settings.validate.js';
export { readMultipart, type MultipartForm } from './multipart.js';
export { readBlobText } from './files.store.js';
export { storeJobFile } from './files.store.js';
