import { z } from 'zod';
import { defineRoute } from '../common/route.js';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), latency_ms: z.number(), kind: z.string() }),
});

export const versionSchema = z.object({
  MAJOR_RELEASE: z.string(),
  MINOR_RELEASE: z.string(),
  LOGO: z.string(),
});

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Whether the database answers',
    tags: ['system'],
    response: healthSchema,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/compute/version',
    summary: 'Release shown in the navigation drawer',
    tags: ['system'],
    response: versionSchema,
  }),
};
