import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@scrutineer/contracts';
import type { users } from '../../db/schema.js';
import type { AccessTokens } from '../auth/access-tokens.js';
import { AppError, forbidden, unauthorized } from '../errors.js';

export type AuthUser = typeof users.$inferSelect;

/**
 * What a route lets in: anyone (`public`), anyone with the user attached when a valid token
 * comes along (`optional`), signed-in users (`session`), or Admins (`admin`). Finer rules
 * (roles on a record) are policy checks inside the handler, after the record is loaded.
 */
export type Access = 'public' | 'optional' | 'session' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route registered, as `METHOD /path` without the prefix (HEAD left out). */
    apiRoutes: readonly string[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface Authenticator {
  /** Resolves the bearer token to a live account, or null; refuses stale tokens. */
  identify(request: FastifyRequest): Promise<AuthUser | null>;
  /** Resolves an access token (e.g. a socket's) to a live account; refuses stale tokens. */
  identifyToken(token: string): Promise<AuthUser>;
}

export function createAuthenticator(
  tokens: AccessTokens,
  /** The account, when the sign-in `sessionId` names is still live; else null. */
  loadUser: (id: number, sessionId: string) => Promise<AuthUser | null>,
): Authenticator {
  const authenticator: Authenticator = {
    async identify(request) {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      return authenticator.identifyToken(header.slice('Bearer '.length).trim());
    },
    async identifyToken(token) {
      const claims = await tokens.verify(token);
      if (!claims) throw unauthorized(MESSAGES.refreshInvalid);
      // The account and its sign-in are read on every call, in one query, so that sign-out,
      // revocation, deactivation or a password change bites at once.
      const user = await loadUser(claims.userId, claims.sessionId);
      if (!user || user.tokenVersion !== claims.tokenVersion)
        throw unauthorized(MESSAGES.refreshInvalid);
      if (!user.active) throw unauthorized(MESSAGES.accountInactive);
      return user;
    },
  };
  return authenticator;
}

export async function enforceAccess(
  authenticator: Authenticator,
  access: Access,
  request: FastifyRequest,
): Promise<void> {
  request.user = null;
  if (access === 'public') return;
  try {
    request.user = await authenticator.identify(request);
  } catch (error) {
    if (access === 'optional' && error instanceof AppError) return;
    throw error;
  }
  if (access === 'optional') return;
  if (!request.user) throw unauthorized();
  if (access === 'admin' && request.user.role !== 'Admin') throw forbidden(MESSAGES.adminOnly);
}

/**
 * Refuses to start when an API route does not declare who may call it, and lists the API's
 * routes on `app.apiRoutes`, so the suite can check that each one is a contract route.
 */
export function requireDeclaredAccess(
  app: FastifyInstance,
  prefix: string,
  exempt: string[],
): void {
  const routes: string[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix) || exempt.some((path) => route.url.startsWith(path))) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    }
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    for (const method of methods) routes.push(`${method} ${route.url.slice(prefix.length)}`);
  });
}
