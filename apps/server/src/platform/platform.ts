import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createAccessTokens } from './auth/access-tokens.js';
import { createPasswordHasher } from './auth/passwords.js';
import { loadSigningSecret } from './auth/secrets.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import type { AppDeps } from './deps.js';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.js';
import { createPaymentProvider } from './payments/index.js';
import { createBlobStore } from './storage/index.js';

/** JSON lines for machines; readable lines when a person watches the terminal. */
export function createLogger(level: Config['LOG_LEVEL']): FastifyBaseLogger {
  if (process.stdout.isTTY) {
    return pino({
      level,
      transport: {
        target: 'pino-pretty',
        options: { ignore: 'pid,hostname,reqId', translateTime: 'SYS:HH:MM:ss' },
      },
    });
  }
  return pino({ level });
}

/** Opens and migrates the database and assembles the adapters that config selects. */
export async function createPlatform(
  config: Config,
  log: FastifyBaseLogger,
  database?: DatabaseHandle,
): Promise<AppDeps> {
  const db = database ?? (await openDatabase(config));
  await db.migrate();
  const secret = await loadSigningSecret(config.JWT_SECRET, config.DATA_DIR);
  return {
    config,
    database: db,
    log,
    mailer: config.SMTP_URL
      ? await createSmtpMailer(db, { url: config.SMTP_URL, from: config.MAIL_FROM })
      : createOutboxMailer(db, log),
    hasher: createPasswordHasher({
      memoryCost: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
    }),
    tokens: createAccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    blobs: await createBlobStore(config, secret),
    linkSecret: secret,
    payments: await createPaymentProvider(config, () => db.db, secret),
  };
}
