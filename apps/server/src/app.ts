import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { MESSAGES, VERSION } from '@scrutineer/contracts';
import type { AppDeps } from './platform/deps.js';
import { AppError, registerErrorHandler } from './platform/errors.js';
import { createAuthenticator, requireDeclaredAccess } from './platform/http/access.js';
import { registerWebApp } from './platform/http/web-app.js';
import { isLocalStore, registerLocalBlobRoutes } from './platform/storage/index.js';
import { registerAdminRoutes } from './modules/admin/index.js';
import { registerAuthRoutes } from './modules/auth/index.js';
import { registerDistrictsModule } from './modules/districts/index.js';
import { registerElectionsModule } from './modules/elections/index.js';
import { registerProfileRoutes } from './modules/profile/index.js';
import { registerReferenceRoutes } from './modules/reference/index.js';
import { registerSystemRoutes } from './modules/system/index.js';
import { registerUploadsModule } from './modules/uploads/index.js';
import { findUserById } from './modules/users/index.js';

const API_PREFIX = '/api';
const DOCS_PREFIX = '/api/docs';
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the HTTP application over already-opened platform parts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: deps.log, trustProxy: true, bodyLimit: 5 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandler(app);
  requireDeclaredAccess(app, API_PREFIX, [DOCS_PREFIX]);

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: () => new AppError('too_many_requests', MESSAGES.tooManyAttempts),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Scrutineer API',
        version: `${VERSION.MAJOR_RELEASE}.${VERSION.MINOR_RELEASE}`,
        description: 'Citizen election audits and their funding.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  const authenticator = createAuthenticator(deps.tokens, (id) =>
    findUserById(deps.database.db, id),
  );
  await app.register(
    async (api) => {
      registerSystemRoutes(api, authenticator, deps);
      registerAuthRoutes(api, authenticator, deps);
      registerProfileRoutes(api, authenticator, deps);
      registerAdminRoutes(api, authenticator, deps);
      registerReferenceRoutes(api, authenticator);
      registerDistrictsModule(api, authenticator, deps);
      registerElectionsModule(api, authenticator, deps);
      registerUploadsModule(api, authenticator, deps);
      if (isLocalStore(deps.blobs)) registerLocalBlobRoutes(api, deps.blobs);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, deps.config.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
