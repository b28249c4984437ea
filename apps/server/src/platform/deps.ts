import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokens } from './auth/access-tokens.js';
import type { PasswordHasher } from './auth/passwords.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { PaymentProvider } from './payments/index.js';
import type { BlobStore } from './storage/index.js';

/** What services are given; they never see Fastify, so workers and tests call them directly. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  hasher: PasswordHasher;
  tokens: AccessTokens;
  blobs: BlobStore;
  /** Server secret for HMAC-derived link tokens (upload requests, general uploads). */
  linkSecret: string;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}
