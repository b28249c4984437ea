import { PipelineRuntime, runtimeOptions } from './modules/operations/index.js';
import { attachToolRunner } from './modules/tools/index.js';
import { loadConfig } from './platform/config.js';
import { createLogger, createPlatform } from './platform/platform.js';

/**
 * A pipeline worker process (`npm run worker`): it claims stage plans and batches from the
 * queue on PostgreSQL; run any number of them on any machines beside the API.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (!config.DATABASE_URL) {
    console.error(
      'Workers share the queue through PostgreSQL: set DATABASE_URL. On the embedded database the workers run inside the API (npm start).',
    );
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL);
  // Only API requests are shed when the connections stay busy; a stage waits its turn.
  const deps = await createPlatform({ ...config, DATABASE_WAIT_MS: 600_000 }, log);
  const runtime = new PipelineRuntime(
    deps,
    runtimeOptions(deps, Math.max(1, config.PIPELINE_WORKERS), 'worker'),
  );
  attachToolRunner(deps, runtime);
  await runtime.start();
  log.info(
    `pipeline worker ${runtime.workerId} is running ${runtime.options.workers} batch handler(s)`,
  );
  const grace = config.SHUTDOWN_GRACE_SECONDS;
  // SIGTERM (what orchestrators send): take no new batch, let those in flight finish within the
  // grace period, hand the rest back to the queue, then leave. A second signal leaves at once.
  const shutdown = async (signal: string) => {
    log.info(`${signal}: stopping; batches in flight have ${grace} s to finish`);
    const deadline = setTimeout(() => process.exit(1), (grace + 30) * 1000);
    deadline.unref();
    await runtime.stop(grace * 1000);
    await deps.database.close();
    log.info(`pipeline worker ${runtime.workerId} stopped`);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
