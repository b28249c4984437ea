import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call: its path (Fastify-style `:param`), inputs and answer, shared by server and client. */
export interface RouteContract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
}

export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(route: RouteContract<P, Q, B, R>): RouteContract<P, Q, B, R> {
  return route;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;

export type RouteParams<T> = T extends RouteContract<infer P> ? InferOr<P, undefined> : never;
export type RouteQuery<T> =
  T extends RouteContract<z.ZodType | undefined, infer Q> ? InferOr<Q, undefined> : never;
export type RouteBody<T> =
  T extends RouteContract<z.ZodType | undefined, z.ZodType | undefined, infer B>
    ? InferOr<B, undefined>
    : never;
export type RouteResponse<T> =
  T extends RouteContract<
    z.ZodType | undefined,
    z.ZodType | undefined,
    z.ZodType | undefined,
    infer R
  >
    ? z.infer<R>
    : never;

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
