import type { FastifyInstance } from 'fastify';
import { ELECTION_MESSAGES, electionUserRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentMember } from './elections.presenter.js';
import {
  inviteMember,
  listElectionMembers,
  removeMember,
  updateMember,
} from './members.service.js';

export function registerMemberRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, electionUserRoutes.list, {
    access: 'session',
    handler: async ({ user, params, query }) => {
      const { rows, total, role } = await listElectionMembers(deps, user, params.electionId, query);
      return {
        items: rows.map((row) => presentMember(row, { id: user.id, role })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  });

  registerRoute(app, auth, electionUserRoutes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { member, election } = await inviteMember(deps, user, body);
      const actor = { id: user.id, role: election.role };
      return { message: ELECTION_MESSAGES.userCreated, ...presentMember(member, actor) };
    },
  });

  registerRoute(app, auth, electionUserRoutes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { member, election } = await updateMember(deps, user, params.id, body);
      const actor = { id: user.id, role: election.role };
      return { message: ELECTION_MESSAGES.userUpdated, ...presentMember(member, actor) };
    },
  });

  registerRoute(app, auth, electionUserRoutes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await removeMember(deps, user, params.id);
      return { message: ELECTION_MESSAGES.userDeleted };
    },
  });
}
