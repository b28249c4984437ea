import type { FastifyInstance } from 'fastify';
import { systemRoutes, type Readiness } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';

type Check = Readiness['checks']['database'];

/** How long one dependency may take before this instance counts it as not answering. */
const CHECK_TIMEOUT_MS = 5000;
/** The queue's first start creates its tables: give it longer. */
const FIRST_QUEUE_TIMEOUT_MS = 30_000;

async function timed(
  name: string,
  deps: AppDeps,
  probe: () => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      }),
    ]);
    return {
      ok: true,
      latency_ms: Math.round((performance.now() - started) * 100) / 100,
      detail: '',
    };
  } catch (error) {
    deps.log.warn({ err: error }, `readiness: ${name} does not answer`);
    const late = error instanceof Error && error.message === 'timed out';
    return {
      ok: false,
      latency_ms: Math.round(performance.now() - started),
      detail: late ? `no answer within ${timeoutMs / 1000} s` : 'does not answer',
    };
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessProbes {
  /** Starts (once) and asks the pipeline queue for its size. */
  queue(): Promise<unknown>;
  /** Whether the queue has started in this process. */
  isQueueStarted(): boolean;
  /** True once the process is shutting down: load balancers should send no more. */
  isClosing(): boolean;
}

/**
 * Readiness, for load balancers and orchestrators: 200 when the database, blob storage and queue
 * answer; 503 when any does not, or when this instance is shutting down. `/api/health` stays the
 * liveness check (the process answers).
 */
export function registerReadinessRoute(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  probes: ReadinessProbes,
): void {
  registerRoute(app, auth, systemRoutes.ready, {
    access: 'public',
    handler: async ({ reply }) => {
      // The queue first: its first start keeps this process busy, which would make the other
      // checks look late.
      const queue = await timed(
        'queue',
        deps,
        () => probes.queue(),
        probes.isQueueStarted() ? CHECK_TIMEOUT_MS : FIRST_QUEUE_TIMEOUT_MS,
      );
      const [database, blobs] = await Promise.all([
        timed('database', deps, () => deps.database.executeSql('SELECT 1')),
        // A listing needs the bucket (or folder) to exist and the credentials to work.
        timed('blob storage', deps, () => deps.blobs.list('.readiness/')),
      ]);
      const closing = probes.isClosing();
      const ready = !closing && database.ok && blobs.ok && queue.ok;
      if (!ready) reply.status(503);
      if (closing) queue.detail = 'shutting down';
      return {
        status: ready ? ('ready' as const) : ('not_ready' as const),
        checks: { database, blobs, queue },
      };
    },
  });
}
