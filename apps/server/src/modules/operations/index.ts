import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerOperationRoutes } from './operations.routes.js';
import { PipelineRuntime, type RuntimeOptions } from './pipeline.runner.js';

export function runtimeOptions(
  deps: AppDeps,
  workers?: number,
  role: 'api' | 'worker' = 'api',
): RuntimeOptions {
  const c = deps.config;
  return {
    role,
    workers: workers ?? c.PIPELINE_WORKERS,
    staleSeconds: c.PIPELINE_STALE_SECONDS,
    batchSize: c.PIPELINE_BATCH_SIZE,
    heartbeatMs: c.PIPELINE_HEARTBEAT_MS,
  };
}

/**
 * Job operations: routes, and the pipeline runtime whose queue starts on first use. On PGlite
 * every worker lives in this process, so a stage left RUNNING at start was cut off: FAILURE.
 */
export async function registerOperationsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): Promise<PipelineRuntime> {
  const runtime = new PipelineRuntime(deps, runtimeOptions(deps));
  if (deps.database.kind === 'pglite') {
    const failed = await runtime.failInterrupted();
    if (failed) deps.log.warn(`${failed} stage(s) were cut off by a restart and are now FAILURE`);
    // Stages a clean shutdown handed back go on where they were.
    if (runtime.options.workers > 0 && (await runtime.hasActiveRuns())) await runtime.start();
  } else if (runtime.options.workers > 0 && (await runtime.hasActiveRuns())) {
    // Stale batches of a restarted server go back on the queue through the sweeper.
    await runtime.start();
  }
  registerOperationRoutes(app, auth, { deps, runtime });
  app.addHook('onClose', async () => runtime.stop(deps.config.SHUTDOWN_GRACE_SECONDS * 1000));
  return runtime;
}

export { PipelineRuntime } from './pipeline.runner.js';
export { attachProgressSocket } from './progress.socket.js';
export { QUEUES } from './pipeline.runner.js';
export { openJobStore } from './job-inputs.js';
export { BlobJobStore } from './pipeline-store.js';
export { signFileLink } from './operation-files.js';
export { listOperations, markOutOfDateFrom } from './operations.repository.js';
