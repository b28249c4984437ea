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
import { MESSAGES, SOCKET_PATH, VERSION } from '@scrutineer/contracts';
import { trustProxyOption } from './platform/config.js';
import type { AppDeps } from './platform/deps.js';
import { AppError, registerErrorHandler } from './platform/errors.js';
import { createAuthenticator, requireDeclaredAccess } from './platform/http/access.js';
import { registerLoadShedding } from './platform/http/load-shedding.js';
import { registerHttpMetrics, registerMetricsRoute } from './platform/http/metrics-route.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerWebApp } from './platform/http/web-app.js';
import { createPipelineMetrics } from './platform/metrics/pipeline-metrics.js';
import { createRealtime } from './platform/realtime/realtime.js';
import { isLocalStore, registerLocalBlobRoutes } from './platform/storage/index.js';
import { registerAdminRoutes } from './modules/admin/index.js';
import { registerAuditJobsModule } from './modules/audit-jobs/index.js';
import { registerAuditTypesModule, seedArgSpecs } from './modules/audit-types/index.js';
import { registerJobAttachmentsModule } from './modules/job-attachments/index.js';
import { registerJobSettingsModule } from './modules/job-settings/index.js';
import { registerRlaModule } from './modules/rla/index.js';
import { registerTemplatesModule } from './modules/templates/index.js';
import { attachProgressSocket, registerOperationsModule } from './modules/operations/index.js';
import { registerToolsModule } from './modules/tools/index.js';
import {
  findSessionUser,
  registerAuthRoutes,
  sessionUserFrom,
  sessionUserSql,
} from './modules/auth/index.js';
import { registerChatModule } from './modules/chat/index.js';
import { registerDistrictsModule } from './modules/districts/index.js';
import { registerElectionsModule } from './modules/elections/index.js';
import { registerLeaderboardRoutes } from './modules/leaderboard/index.js';
import { registerMarkdownModule } from './modules/markdown/index.js';
import { registerPackagesModule } from './modules/packages/index.js';
import { registerPaymentsModule } from './modules/payments/index.js';
import { registerProfileRoutes } from './modules/profile/index.js';
import { registerProjectsModule } from './modules/projects/index.js';
import { registerReferenceRoutes } from './modules/reference/index.js';
import { registerReadinessRoute, registerSystemRoutes } from './modules/system/index.js';
import { registerUploadsModule } from './modules/uploads/index.js';

const API_PREFIX = '/api';
const DOCS_PREFIX = '/api/docs';
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the HTTP application over already-opened platform parts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 5 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandler(app);
  registerHttpMetrics(app);
  await registerSecurityHeaders(app, deps.config.publicUrl);
  registerLoadShedding(app, {
    maxInFlight: deps.config.MAX_CONCURRENT_REQUESTS,
    maxWaitMs: deps.config.MAX_REQUEST_WAIT_MS,
  });
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

  // The audit's argument specs exist before the first request reads them.
  await seedArgSpecs(deps);

  const authenticator = createAuthenticator(deps.tokens, {
    load: (id, sessionId) => findSessionUser(deps.database.db, id, sessionId),
    sql: sessionUserSql,
    from: sessionUserFrom,
  });
  const realtime = createRealtime(app.server, {
    path: SOCKET_PATH,
    postgresUrl: deps.database.url,
    log: deps.log,
  });
  // Live connections go first, so closing the HTTP server does not wait on them.
  let closing = false;
  let stopProgress: (() => Promise<void>) | null = null;
  app.addHook('preClose', async () => {
    closing = true;
    await stopProgress?.();
    await realtime.close();
  });
  // A response still streaming when the server starts closing leaves a keep-alive connection
  // that close() already passed over; shut it once the response is done.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  await app.register(
    async (api) => {
      registerSystemRoutes(api, authenticator, deps);
      registerAuthRoutes(api, authenticator, deps);
      registerProfileRoutes(api, authenticator, deps);
      registerAdminRoutes(api, authenticator, deps);
      registerMarkdownModule(api, authenticator, deps);
      registerLeaderboardRoutes(api, authenticator, deps);
      registerReferenceRoutes(api, authenticator);
      registerDistrictsModule(api, authenticator, deps);
      registerElectionsModule(api, authenticator, deps);
      registerUploadsModule(api, authenticator, deps);
      registerAuditTypesModule(api, authenticator, deps);
      registerAuditJobsModule(api, authenticator, deps);
      registerJobSettingsModule(api, authenticator, deps);
      const runtime = await registerOperationsModule(api, authenticator, deps);
      registerReadinessRoute(api, authenticator, deps, {
        queue: () => runtime.queueSize(),
        isQueueStarted: () => runtime.started,
        isClosing: () => closing,
      });
      registerToolsModule(api, authenticator, deps, runtime);
      registerJobAttachmentsModule(api, authenticator, deps);
      registerRlaModule(api, authenticator, deps);
      registerTemplatesModule(api, authenticator, deps);
      registerProjectsModule(api, authenticator, deps);
      registerPackagesModule(api, authenticator, deps);
      registerPaymentsModule(api, authenticator, deps);
      registerChatModule(api, authenticator, deps, realtime.io);
      stopProgress = await attachProgressSocket(realtime.io, authenticator, deps);
      if (isLocalStore(deps.blobs)) registerLocalBlobRoutes(api, deps.blobs);
    },
    { prefix: API_PREFIX },
  );

  registerMetricsRoute(
    app,
    deps.config.METRICS_TOKEN,
    createPipelineMetrics(() => deps.database, {
      staleSeconds: deps.config.PIPELINE_STALE_SECONDS,
    }),
  );
  await registerWebApp(app, deps.config.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
