import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerMarkdownRoutes, registerMarkdownUploadRoute } from './markdown.routes.js';

export function registerMarkdownModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerMarkdownRoutes(app, auth, deps);
  // Multipart parsing only where the upload form is posted.
  void app.register(async (scope) => {
    await scope.register(multipart);
    registerMarkdownUploadRoute(scope, auth, deps);
  });
}
