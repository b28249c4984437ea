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
import { enforceAccess, type Access, type Authenticator, type AuthUser } from './access.js';
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
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(options.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response, '4xx': errorSchema },
    },
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
