import type { FastifyInstance } from 'fastify';
import { OPERATION_MESSAGES as M, toolRoutes as r } from '@scrutineer/contracts';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { notFound } from '../../platform/errors.js';
import { TOOL_FUNCTIONS, presentSpec, toolFunction } from './tools.registry.js';
import {
  deleteTool,
  executeTool,
  listJobTools,
  saveTool,
  stopTool,
  toolStatus,
  type ToolsContext,
} from './tools.service.js';

export function registerToolRoutes(app: FastifyInstance, auth: Authenticator, ctx: ToolsContext) {
  registerRoute(app, auth, r.actionSpecs, {
    access: 'session',
    handler: async () => ({ items: TOOL_FUNCTIONS.map(presentSpec) }),
  });
  registerRoute(app, auth, r.actionSpec, {
    access: 'session',
    handler: async ({ params }) => {
      const fn = toolFunction(params.id);
      if (!fn) throw notFound(M.toolNotFound);
      return presentSpec(fn);
    },
  });
  registerRoute(app, auth, r.list, {
    access: 'session',
    handler: ({ user, query }) => listJobTools(ctx, user, query.job_id),
  });
  registerRoute(app, auth, r.add, {
    access: 'session',
    handler: ({ user, body }) => saveTool(ctx, user, body),
  });
  registerRoute(app, auth, r.update, {
    access: 'session',
    handler: ({ user, body }) => saveTool(ctx, user, body),
  });
  registerRoute(app, auth, r.remove, {
    access: 'session',
    handler: ({ user, body }) => deleteTool(ctx, user, body),
  });
  registerRoute(app, auth, r.execute, {
    access: 'session',
    handler: ({ user, body }) => executeTool(ctx, user, body),
  });
  registerRoute(app, auth, r.status, {
    access: 'session',
    handler: ({ user, params }) => toolStatus(ctx, user, params.operation_id),
  });
  registerRoute(app, auth, r.stop, {
    access: 'session',
    handler: ({ user, params }) => stopTool(ctx, user, params.operation_id),
  });
}
