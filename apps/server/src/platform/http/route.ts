import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorSchema,
  type RouteBody,
  type RouteContract,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@scrutineer/contracts';
import {
  enforceAccess,
  type Access,
  type Authenticator,
  type AuthUser,
  type PendingSession,
} from './access.js';
import { refuseNulText } from './input-guard.js';

export interface HandlerContext<C extends RouteContract, A extends Access> {
  params: RouteParams<C>;
  query: RouteQuery<C>;
  body: RouteBody<C>;
  user: A extends 'session' | 'admin' ? AuthUser : AuthUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions<C extends RouteContract, A extends Access> {
  access: A;
  /** Per-route rate limit (requests per window), keyed by the caller's address and `key`. */
  rateLimit?: { max: number; timeWindow: number; key?: (request: FastifyRequest) => string };
  handler: (ctx: HandlerContext<C, A>) => Promise<RouteResponse<C>>;
}

/** What the route documents and validates, from its contract. */
function routeSchema(contract: RouteContract, access: Access) {
  return {
    summary: contract.summary,
    tags: contract.tags,
    ...(access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: { [contract.status ?? 200]: contract.response, '4xx': errorSchema },
  };
}

/** Registers a contract route: validation, response stripping, access, docs, all from one place. */
export function registerRoute<C extends RouteContract, A extends Access>(
  app: FastifyInstance,
  authenticator: Authenticator,
  contract: C,
  options: RouteOptions<C, A>,
): void {
  const status = contract.status ?? 200;
  const limit = options.rateLimit;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    config: {
      access: options.access,
      ...(limit
        ? {
            rateLimit: {
              max: limit.max,
              timeWindow: limit.timeWindow,
              keyGenerator: (request: FastifyRequest) =>
                `${request.ip}|${limit.key ? limit.key(request) : ''}`,
            },
          }
        : {}),
    },
    schema: routeSchema(contract, options.access),
    // Who is calling is settled before the body is read or validated: an anonymous caller
    // learns only that it must sign in, never which fields a route expects.
    onRequest: async (request) => enforceAccess(authenticator, options.access, request),
    preValidation: refuseNulText,
    handler: async (request, reply) => {
      const result = await options.handler({
        params: request.params as RouteParams<C>,
        query: request.query as RouteQuery<C>,
        body: request.body as RouteBody<C>,
        user: request.user as HandlerContext<C, A>['user'],
        request,
        reply,
      });
      // A handler may set its own status (e.g. 503 from the health check).
      if (reply.statusCode === 200) reply.status(status);
      return reply.send(result);
    },
  });
}

export interface PendingHandlerContext<C extends RouteContract> {
  params: RouteParams<C>;
  query: RouteQuery<C>;
  body: RouteBody<C>;
  /** The caller, whose account the handler reads inside its own statement and then settles. */
  session: PendingSession;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a `session` route whose handler reads the caller's account inside its own statement
 * (see `PendingSession`): one round trip a request for the busiest reads. The caller is refused
 * as `registerRoute` refuses: a stale token or account is 401 before any 400 about the input.
 */
export function registerPendingSessionRoute<C extends RouteContract>(
  app: FastifyInstance,
  authenticator: Authenticator,
  contract: C,
  handler: (ctx: PendingHandlerContext<C>) => Promise<RouteResponse<C>>,
): void {
  const status = contract.status ?? 200;
  const sessions = new WeakMap<FastifyRequest, PendingSession>();
  const sessionOf = (request: FastifyRequest) => {
    const session = sessions.get(request);
    if (!session) throw new Error('The session was not read before the handler');
    return session;
  };
  /** Settles the caller before a refusal about the input, which a stale caller must not see. */
  const settleFirst = async (request: FastifyRequest, refusal: unknown) => {
    request.user = await sessionOf(request).settle(undefined);
    throw refusal;
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    config: { access: 'session' },
    schema: routeSchema(contract, 'session'),
    attachValidation: true,
    onRequest: async (request) => {
      request.user = null;
      sessions.set(request, await authenticator.pending(request));
    },
    preValidation: async (request) => {
      try {
        await refuseNulText(request);
      } catch (error) {
        await settleFirst(request, error);
      }
    },
    handler: async (request, reply) => {
      if (request.validationError) await settleFirst(request, request.validationError);
      const pending = sessionOf(request);
      const result = await handler({
        params: request.params as RouteParams<C>,
        query: request.query as RouteQuery<C>,
        body: request.body as RouteBody<C>,
        session: {
          ...pending,
          settle: async (read) => {
            request.user = await pending.settle(read);
            return request.user;
          },
        },
        request,
        reply,
      });
      reply.status(status);
      return reply.send(result);
    },
  });
}
