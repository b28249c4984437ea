import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adjudicationRoutes as a,
  jobOperationRoutes,
  operationLogRoutes,
} from '@scrutineer/contracts';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { REPORT_CSP } from '../../platform/http/user-files.js';
import {
  decideAdjudication,
  getAdjudication,
  listJobAdjudications,
  nextAdjudication,
  saveAdjudicationSettings,
} from './adjudications.service.js';
import { jobTally, tallyBallots } from './tally.service.js';
import { readOperationLog } from './logs.service.js';
import { contentTypeOf, readFileLink } from './operation-files.js';
import {
  forceRefreshOperation,
  launchOperation,
  listJobOperations,
  pipelineStatus,
  pollOperation,
  resetOperation,
  stopOperation,
  type OperationsContext,
} from './operations.service.js';

const r = jobOperationRoutes;

const noCache = (reply: FastifyReply) =>
  reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-cache, no-store, must-revalidate')
    .header('pragma', 'no-cache')
    .header('expires', '0');

export function registerOperationRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  ctx: OperationsContext,
): void {
  registerRoute(app, auth, r.list, {
    access: 'session',
    handler: ({ user, params }) => listJobOperations(ctx, user, params.jobId),
  });
  registerRoute(app, auth, r.launch, {
    access: 'session',
    handler: ({ user, body }) => launchOperation(ctx, user, body),
  });
  registerRoute(app, auth, r.reset, {
    access: 'session',
    handler: ({ user, params }) => resetOperation(ctx, user, params.id),
  });
  registerRoute(app, auth, r.pipelineStatus, {
    access: 'session',
    handler: ({ user, params }) => pipelineStatus(ctx, user, params.id),
  });
  registerRoute(app, auth, r.refreshStatus, {
    access: 'session',
    handler: ({ user, params }) => pollOperation(ctx, user, params.id),
  });
  registerRoute(app, auth, r.refreshStatusForce, {
    access: 'session',
    handler: ({ user, params }) => forceRefreshOperation(ctx, user, params.id),
  });
  registerRoute(app, auth, r.stop, {
    access: 'session',
    handler: ({ user, params }) => stopOperation(ctx, user, params.id),
  });
  registerRoute(app, auth, a.list, {
    access: 'session',
    handler: ({ user, params, query }) => listJobAdjudications(ctx, user, params.jobId, query),
  });
  registerRoute(app, auth, a.next, {
    access: 'session',
    handler: ({ user, params, query }) => nextAdjudication(ctx, user, params.jobId, query),
  });
  registerRoute(app, auth, a.item, {
    access: 'session',
    handler: ({ user, params }) => getAdjudication(ctx, user, params.jobId, params.itemId),
  });
  registerRoute(app, auth, a.decide, {
    access: 'session',
    handler: ({ user, body, params }) =>
      decideAdjudication(ctx, user, params.jobId, params.itemId, body),
  });
  registerRoute(app, auth, a.settings, {
    access: 'session',
    handler: ({ user, body, params }) =>
      saveAdjudicationSettings(ctx, user, params.jobId, body.reviewers_per_item),
  });
  registerRoute(app, auth, a.tally, {
    access: 'session',
    handler: ({ user, params }) => jobTally(ctx, user, params.jobId),
  });
  registerRoute(app, auth, a.tallyBallots, {
    access: 'session',
    handler: ({ user, params, query }) => tallyBallots(ctx, user, params.jobId, query),
  });

  for (const route of [operationLogRoutes.byOperationId, operationLogRoutes.byName]) {
    registerRoute(app, auth, route, {
      access: 'session',
      handler: async ({ user, params, reply }) => {
        const stream = await readOperationLog(ctx, user, params.id);
        noCache(reply);
        return stream as never;
      },
    });
  }

  // Reports and downloads open in a new window, so the link itself is the permission.
  app.get<{ Params: { folder: string; expires: string; mac: string; '*': string } }>(
    '/operation-files/:folder/:expires/:mac/*',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { folder, expires, mac } = request.params;
      const key = readFileLink(ctx.deps.linkSecret, {
        folder,
        expires,
        mac,
        path: request.params['*'],
      });
      if (!key) return reply.status(404).send({ error: 'This link is invalid or has expired.' });
      const head = await ctx.deps.blobs.head(key);
      if (!head) return reply.status(404).send({ error: 'Not found.' });
      const name = key.split('/').pop() ?? 'file';
      void reply
        .header('content-type', contentTypeOf(name))
        .header('content-length', String(head.size))
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', REPORT_CSP)
        .header(
          'content-disposition',
          `${/\.(html|png|pdf|txt)$/.test(name) ? 'inline' : 'attachment'}; filename="${name}"`,
        );
      return reply.send(await ctx.deps.blobs.read(key));
    },
  );
}
