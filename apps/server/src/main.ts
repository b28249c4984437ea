import { buildApp } from './app.js';
import { seedDemo } from './commands/seed-demo.js';
import { sweepIdleUploads } from './modules/uploads/index.js';
import { loadConfig } from './platform/config.js';
import { createLogger, createPlatform } from './platform/platform.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL);
  const deps = await createPlatform(config, log);
  await seedDemo(deps);
  const app = await buildApp(deps);
  // Abandoned uploads release their parts; hourly is plenty against a deadline of days.
  const sweep = setInterval(() => {
    sweepIdleUploads(deps, config.UPLOAD_IDLE_HOURS * 3_600_000).catch((error: unknown) =>
      log.error({ err: error }, 'upload sweep failed'),
    );
  }, 3_600_000);
  sweep.unref();
  const shutdown = async () => {
    await app.close();
    await deps.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(`Scrutineer is serving ${config.publicUrl} (database: ${deps.database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
