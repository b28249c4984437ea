import type { FastifyInstance } from 'fastify';
import { ELECTION_MESSAGES, electionRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerPendingSessionRoute, registerRoute } from '../../platform/http/route.js';
import { presentElection } from './elections.presenter.js';
import {
  createElection,
  deleteElection,
  listElectionsFor,
  openElection,
  updateElection,
} from './elections.service.js';

export function registerElectionRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  // The busiest read: the caller's account rides along the page's statement.
  registerPendingSessionRoute(app, auth, electionRoutes.list, async ({ session, query }) => {
    const { items, total } = await listElectionsFor(deps, session, query);
    return {
      items: items.map(({ row, role }) => presentElection(row, role)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  });

  registerRoute(app, auth, electionRoutes.get, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { row, role } = await openElection(deps, user, params.id);
      return presentElection(row, role);
    },
  });

  registerRoute(app, auth, electionRoutes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { row, role } = await createElection(deps, user, body);
      return { message: ELECTION_MESSAGES.created, ...presentElection(row, role) };
    },
  });

  registerRoute(app, auth, electionRoutes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { row, role } = await updateElection(deps, user, params.id, body);
      return { message: ELECTION_MESSAGES.updated, ...presentElection(row, role) };
    },
  });

  registerRoute(app, auth, electionRoutes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await deleteElection(deps, user, params.id);
      return { message: ELECTION_MESSAGES.deleted };
    },
  });
}
