import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { encodePassword, type Session } from '@scrutineer/contracts';
import { buildApp } from '../app.js';
import { mailOutbox } from '../db/schema.js';
import { loadConfig } from '../platform/config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../platform/db/database.js';
import type { AppDeps } from '../platform/deps.js';
import { createLogger, createPlatform } from '../platform/platform.js';
import { TEMPLATE_DB } from './global-setup.js';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  deps: AppDeps;
  /** Every API route the server registered, as `METHOD /path` (without `/api`). */
  apiRoutes: readonly string[];
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<ApiAnswer<T>>;
  /** Mails sent to an address, newest first. */
  mailsTo(address: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  close(): Promise<void>;
}

/** A counter as letters (1 A, 26 Z, 27 AA): names may not contain digits. */
function lettersOf(n: number): string {
  let text = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    text = String.fromCharCode(65 + ((rest - 1) % 26)) + text;
  }
  return text;
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    const name = `scrutineer_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    // Tests on a busy machine wait for a connection rather than being shed.
    const handle = await openPostgres(url.toString(), { waitMs: 60_000 });
    return {
      handle,
      drop: async () => {
        // Let closed pool connections finish leaving: FORCE on a leaving client surfaces as an
        // unhandled 'terminating connection' error in whichever test file runs next.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const handle = await openPglite(undefined, { loadDataDir: new Blob([snapshot]) });
  return { handle, drop: async () => undefined };
}

/** Starts the real API on an ephemeral port over a fresh database migrated once per run. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://scrutineer.test',
    DATABASE_WAIT_MS: '60000',
    // Closing a test server hands its batches back at once rather than waiting for them.
    SHUTDOWN_GRACE_SECONDS: '0',
    ...env,
  });
  // A given PostgreSQL database is shared (several API instances on one database), not dropped.
  const { handle, drop } = options.databaseUrl
    ? {
        handle: await openPostgres(options.databaseUrl, {
          size: config.DATABASE_POOL_SIZE,
          waitMs: config.DATABASE_WAIT_MS,
        }),
        drop: async () => undefined,
      }
    : await openTestDatabase();
  const deps = await createPlatform(config, createLogger(config.LOG_LEVEL), handle);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('Server has no port');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    deps,
    apiRoutes: app.apiRoutes,
    async call(method, apiPath, options = {}) {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${url}/api${apiPath}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      const text = await response.text();
      const body: unknown = text ? JSON.parse(text) : {};
      return { status: response.status, body: body as never, headers: response.headers };
    },
    mailsTo: (address) =>
      deps.database.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .then((rows) => rows.filter((row) => row.toAddress === address)),
    async close() {
      await app.close();
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail body that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const match = text.match(new RegExp(`${prefix.replace(/[/.]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`No link starting ${prefix} in: ${text}`);
  return match[0];
}

let counter = 0;

/** Signs a new account up through the API, verifies it from the mailed link, and signs in. */
export async function createUser(
  server: TestServer,
  overrides: { email?: string; password?: string; role?: string } = {},
): Promise<{ email: string; password: string; session: Session; id: number }> {
  counter += 1;
  const email = overrides.email ?? `person${counter}-${randomBytes(3).toString('hex')}@example.org`;
  const password = overrides.password ?? 'correct horse battery';
  const signUp = await server.call<{ id: number }>('POST', '/auth/sign-up', {
    body: {
      email,
      password: encodePassword(password),
      first_name: 'Test',
      last_name: `Person ${lettersOf(counter)}`,
      role: 'User',
    },
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const [mail] = await server.mailsTo(email);
  const token = linkIn(mail?.textBody ?? '', 'http://scrutineer.test/verify/')
    .split('/')
    .pop();
  await server.call('POST', '/auth/email/verify', { body: { token } });
  if (overrides.role) {
    await server.deps.database.executeSql('UPDATE users SET role = $1 WHERE id = $2', [
      overrides.role,
      signUp.body.id,
    ]);
  }
  const signIn = await server.call<Session>('POST', '/auth/sign-in', {
    body: { email, password: encodePassword(password) },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  return { email, password, session: signIn.body, id: signUp.body.id };
}
