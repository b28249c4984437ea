import type { FastifyInstance } from 'fastify';
import { MESSAGES, profileRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentProfile } from '../users/index.js';
import { changePassword, closeAccount, updateProfile } from './profile.service.js';

export function registerProfileRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, profileRoutes.getProfile, {
    access: 'session',
    handler: async ({ user }) => presentProfile(user),
  });

  registerRoute(app, auth, profileRoutes.updateProfile, {
    access: 'session',
    handler: async ({ user, body }) => presentProfile(await updateProfile(deps, user, body)),
  });

  registerRoute(app, auth, profileRoutes.changePassword, {
    access: 'session',
    handler: async ({ user, body }) => {
      const session = await changePassword(deps, user, body);
      return { message: MESSAGES.passwordUpdated, session };
    },
  });

  registerRoute(app, auth, profileRoutes.closeAccount, {
    access: 'session',
    handler: async ({ user, body }) => {
      await closeAccount(deps, user, body.email);
      return { message: MESSAGES.accountClosed };
    },
  });
}
