import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@scrutineer/contracts';
import type { users } from '../../db/schema.js';
import type { AccessClaims, AccessTokens } from '../auth/access-tokens.js';
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

/**
 * A signed-in caller whose token's signature and expiry held, but whose account is still to be
 * read: a route reads `account` inside its own statement and hands what it read to `settle`, so
 * a request is one round trip to the database instead of two.
 */
export interface PendingSession {
  claims: AccessClaims;
  /** The account as the statement reads it (null when signed out, revoked or gone). */
  account: SQL;
  /**
   * `account` with placeholders `accountId` and `sessionId`, for a statement built once and run
   * with `accountValues`.
   */
  accountTemplate: SQL;
  accountValues: { accountId: number; sessionId: string };
  /**
   * The live account, from what the statement read of `account`; `undefined` when the statement
   * returned no row to carry it, and the account is then read on its own. Refuses as `identify`.
   */
  settle(read: unknown): Promise<AuthUser>;
}

/** How the account behind a token is read: on its own, or as part of another statement. */
export interface AccountReader {
  /** The account, when the sign-in `sessionId` names is still live; else null. */
  load(id: number, sessionId: string): Promise<AuthUser | null>;
  /** `load` as an SQL expression another statement reads once (the account as JSON, or null). */
  sql(id: number | SQLWrapper, sessionId: string | SQLWrapper): SQL;
  /** The account from what `sql` read. */
  from(read: unknown): AuthUser | null;
}

export interface Authenticator {
  /** Resolves the bearer token to a live account, or null; refuses stale tokens. */
  identify(request: FastifyRequest): Promise<AuthUser | null>;
  /** Resolves an access token (e.g. a socket's) to a live account; refuses stale tokens. */
  identifyToken(token: string): Promise<AuthUser>;
  /** Checks the bearer token's signature and expiry, leaving its account to be read; refuses as `identify`. */
  pending(request: FastifyRequest): Promise<PendingSession>;
}

export function createAuthenticator(tokens: AccessTokens, accounts: AccountReader): Authenticator {
  const claimsOf = async (token: string) => {
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(MESSAGES.refreshInvalid);
    return claims;
  };
  const accept = (claims: AccessClaims, user: AuthUser | null) => {
    if (!user || user.tokenVersion !== claims.tokenVersion)
      throw unauthorized(MESSAGES.refreshInvalid);
    if (!user.active) throw unauthorized(MESSAGES.accountInactive);
    return user;
  };
  const accountTemplate = accounts.sql(sql.placeholder('accountId'), sql.placeholder('sessionId'));
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
  };
  const authenticator: Authenticator = {
    async identify(request) {
      const token = bearer(request);
      return token === null ? null : authenticator.identifyToken(token);
    },
    async identifyToken(token) {
      const claims = await claimsOf(token);
      // The account and its sign-in are read on every call, in one query, so that sign-out,
      // revocation, deactivation or a password change bites at once.
      return accept(claims, await accounts.load(claims.userId, claims.sessionId));
    },
    async pending(request) {
      const token = bearer(request);
      if (token === null) throw unauthorized();
      const claims = await claimsOf(token);
      return {
        claims,
        account: accounts.sql(claims.userId, claims.sessionId),
        accountTemplate,
        accountValues: { accountId: claims.userId, sessionId: claims.sessionId },
        settle: async (read) =>
          accept(
            claims,
            read === undefined
              ? await accounts.load(claims.userId, claims.sessionId)
              : accounts.from(read),
          ),
      };
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
