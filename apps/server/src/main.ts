import { buildApp } from './app.js';
import { seedDemo } from './commands/seed-demo.js';
import { sweepUndescribedAttachments } from './modules/job-attachments/index.js';
import { expireSubscriptions } from './modules/packages/index.js';
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
  // Abandoned uploads release their parts, and attachments never described are deleted: once
  // at start (a crash may have left some), then hourly, plenty against deadlines of a day or more.
  const sweepIdle = async () => {
    await sweepIdleUploads(deps, config.UPLOAD_IDLE_HOURS * 3_600_000).catch((error: unknown) =>
      log.error({ err: error }, 'upload sweep failed'),
    );
    // Uploads without an account get a shorter deadline.
    await sweepIdleUploads(
      deps,
      config.GENERAL_UPLOAD_IDLE_HOURS * 3_600_000,
      Date.now(),
      'general',
    ).catch((error: unknown) => log.error({ err: error }, 'general upload sweep failed'));
    await sweepUndescribedAttachments(deps, config.ATTACHMENT_GRACE_HOURS * 3_600_000).catch(
      (error: unknown) => log.error({ err: error }, 'attachment sweep failed'),
    );
  };
  const sweep = setInterval(() => void sweepIdle(), config.UPLOAD_SWEEP_SECONDS * 1000);
  sweep.unref();
  // Subscriptions past their end give their plan back; hourly against periods of a month.
  const expire = () =>
    expireSubscriptions(deps).catch((error: unknown) =>
      log.error({ err: error }, 'subscription expiry failed'),
    );
  const expiry = setInterval(() => void expire(), 3_600_000);
  expiry.unref();
  // SIGTERM: readiness answers 503, live sockets close, requests in flight finish, the batches
  // this process runs get the grace period to finish and are handed back to the queue if not.
  const shutdown = async (signal: string) => {
    log.info(
      `${signal}: stopping; work in flight has ${config.SHUTDOWN_GRACE_SECONDS} s to finish`,
    );
    const deadline = setTimeout(() => process.exit(1), (config.SHUTDOWN_GRACE_SECONDS + 30) * 1000);
    deadline.unref();
    clearInterval(sweep);
    clearInterval(expiry);
    await app.close();
    await deps.database.close();
    log.info('Scrutineer stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  void sweepIdle();
  void expire();
  log.info(`Scrutineer is serving ${config.publicUrl} (database: ${deps.database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
