import { z } from 'zod';
import { defineRoute } from '../common/route.js';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), latency_ms: z.number(), kind: z.string() }),
});

const readinessCheckSchema = z.object({
  ok: z.boolean(),
  latency_ms: z.number(),
  /** What failed, in words fit for an operator; never an internal error text. */
  detail: z.string(),
});

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: readinessCheckSchema,
    blobs: readinessCheckSchema,
    queue: readinessCheckSchema,
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const versionSchema = z.object({
  MAJOR_RELEASE: z.string(),
  MINOR_RELEASE: z.string(),
  LOGO: z.string(),
});

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the process answers, and whether the database does',
    tags: ['system'],
    response: healthSchema,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/ready',
    summary:
      'Whether this instance can take traffic: the database, blob storage and queue answer (503 when not)',
    tags: ['system'],
    response: readinessSchema,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/compute/version',
    summary: 'Release shown in the navigation drawer',
    tags: ['system'],
    response: versionSchema,
  }),
};
