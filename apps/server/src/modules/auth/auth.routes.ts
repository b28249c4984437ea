import type { FastifyInstance } from 'fastify';
import { authRoutes, MESSAGES } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { resendVerification, signUp, verifyEmail } from './account.service.js';
import { requestPasswordReset, setNewPassword } from './password.service.js';
import { refreshSession, signIn, signOut } from './session.service.js';

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
}

export function registerAuthRoutes(app: FastifyInstance, auth: Authenticator, deps: AppDeps): void {
  const limit = {
    max: deps.config.SIGNIN_RATE_LIMIT_MAX,
    timeWindow: deps.config.SIGNIN_RATE_LIMIT_WINDOW_MS,
    key: (request: { body: unknown }) => emailOf(request.body),
  };

  registerRoute(app, auth, authRoutes.signUp, {
    access: 'public',
    rateLimit: { ...limit, max: limit.max * 2 },
    handler: async ({ body }) => ({ message: MESSAGES.registered, ...(await signUp(deps, body)) }),
  });

  registerRoute(app, auth, authRoutes.signIn, {
    access: 'public',
    rateLimit: limit,
    handler: async ({ body }) => signIn(deps, body),
  });

  registerRoute(app, auth, authRoutes.refresh, {
    access: 'public',
    handler: async ({ body }) => refreshSession(deps, body.refresh_token),
  });

  registerRoute(app, auth, authRoutes.signOut, {
    access: 'public',
    handler: async ({ body }) => {
      await signOut(deps, body.refresh_token);
      return { message: 'Signed out' };
    },
  });

  registerRoute(app, auth, authRoutes.passwordReset, {
    access: 'public',
    rateLimit: limit,
    handler: async ({ body }) => {
      await requestPasswordReset(deps, body.email);
      return { message: MESSAGES.resetRequested };
    },
  });

  registerRoute(app, auth, authRoutes.newPassword, {
    access: 'public',
    rateLimit: { ...limit, key: () => 'new-password' },
    handler: async ({ body }) => {
      await setNewPassword(deps, body);
      return { message: MESSAGES.passwordChanged };
    },
  });

  registerRoute(app, auth, authRoutes.verifyEmail, {
    access: 'public',
    handler: async ({ body }) => {
      await verifyEmail(deps, body.token);
      return { message: MESSAGES.emailVerified };
    },
  });

  registerRoute(app, auth, authRoutes.resendVerification, {
    access: 'optional',
    rateLimit: limit,
    handler: async ({ body, user }) => {
      await resendVerification(deps, { email: body.email, userId: user?.id });
      return { message: MESSAGES.verificationResent };
    },
  });
}
