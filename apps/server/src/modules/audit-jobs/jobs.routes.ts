import type { FastifyInstance } from 'fastify';
import { JOB_MESSAGES, auditJobRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { loadJob } from './jobs.access.js';
import { presentJob, presentPublicJob } from './jobs.presenter.js';
import {
  createJob,
  deleteJob,
  getOpenJob,
  listJobs,
  listOpenJobs,
  updateJob,
} from './jobs.service.js';

export function registerJobRoutes(app: FastifyInstance, auth: Authenticator, deps: AppDeps): void {
  registerRoute(app, auth, auditJobRoutes.list, {
    access: 'session',
    handler: async ({ user, query }) => {
      const { items, total } = await listJobs(deps, user, query);
      return {
        items: items.map(({ row, access }) => presentJob(user, row, access)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  });

  registerRoute(app, auth, auditJobRoutes.get, {
    access: 'session',
    handler: async ({ user, params }) => {
      const loaded = await loadJob(deps.database.db, user, params.id);
      return presentJob(user, loaded.row, loaded);
    },
  });

  registerRoute(app, auth, auditJobRoutes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const loaded = await createJob(deps, user, body);
      return { message: JOB_MESSAGES.created, ...presentJob(user, loaded.row, loaded) };
    },
  });

  registerRoute(app, auth, auditJobRoutes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { loaded, message } = await updateJob(deps, user, params.id, body);
      return { message, ...presentJob(user, loaded.row, loaded) };
    },
  });

  registerRoute(app, auth, auditJobRoutes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await deleteJob(deps, user, params.id);
      return { message: JOB_MESSAGES.deleted };
    },
  });

  registerRoute(app, auth, auditJobRoutes.publicList, {
    access: 'public',
    handler: async () => ({ items: (await listOpenJobs(deps)).map(presentPublicJob) }),
  });

  registerRoute(app, auth, auditJobRoutes.publicGet, {
    access: 'public',
    handler: async ({ params }) => presentPublicJob(await getOpenJob(deps, params.id)),
  });
}
