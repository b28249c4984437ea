import type { RouteContract } from '@scrutineer/contracts';
import type { z } from 'zod';

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : { [P in K]: T };

/** What a call needs: path params, query and body typed from the route's zod schemas. */
export type CallInput<R> =
  R extends RouteContract<infer P, infer Q, infer B>
    ? Slot<'params', InputOf<P>> &
        Slot<'query', InputOf<Q>> &
        Slot<'body', InputOf<B>> & { signal?: AbortSignal }
    : never;

/** What a call answers: the route's response schema, parsed. */
export type CallResult<R> =
  R extends RouteContract<infer _P, infer _Q, infer _B, infer S> ? z.output<S> : never;

/** Routes without required inputs may be called with no second argument. */
export type CallArgs<R> = [Record<string, never>] extends [Omit<CallInput<R>, 'signal'>]
  ? [input?: CallInput<R>]
  : [input: CallInput<R>];
