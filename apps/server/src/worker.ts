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
    runtimeOptions(deps, Math.max(1, config.PIPELINE_WORKERS)),
  );
  attachToolRunner(deps, runtime);
  await runtime.start();
  log.info(
    `pipeline worker ${runtime.workerId} is running ${runtime.options.workers} batch handler(s)`,
  );
  const shutdown = async () => {
    await runtime.stop();
    await deps.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
