import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import {
  addManualDonation,
  createProject,
  getProject,
  listDonors,
  listElectionsOfProject,
  listManualDonations,
  listProjects,
  updateProject,
} from './projects.service.js';

export function registerProjectRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  // Visitors read public projects; a stored session widens what they see.
  registerRoute(app, auth, projectRoutes.list, {
    access: 'optional',
    handler: ({ user, query }) => listProjects(deps, user, query),
  });
  registerRoute(app, auth, projectRoutes.get, {
    access: 'optional',
    handler: ({ user, params }) => getProject(deps, user, params.name),
  });
  registerRoute(app, auth, projectRoutes.create, {
    access: 'session',
    handler: ({ user, body }) => createProject(deps, user, body),
  });
  registerRoute(app, auth, projectRoutes.update, {
    access: 'session',
    handler: ({ user, params, body }) => updateProject(deps, user, params.name, body),
  });
  registerRoute(app, auth, projectRoutes.donors, {
    access: 'optional',
    handler: ({ user, params, query }) => listDonors(deps, user, params.name, query.search),
  });
  registerRoute(app, auth, projectRoutes.elections, {
    access: 'optional',
    handler: ({ user, params }) => listElectionsOfProject(deps, user, params.name),
  });
  registerRoute(app, auth, projectRoutes.manualList, {
    access: 'admin',
    handler: ({ params }) => listManualDonations(deps, params.id),
  });
  registerRoute(app, auth, projectRoutes.manualCreate, {
    access: 'admin',
    handler: ({ user, body }) => addManualDonation(deps, user, body),
  });
}
