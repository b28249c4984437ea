import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../db/schema.js';
import { namedWhenMarked } from './plan-once.js';

export type Schema = typeof schema;
/** The query interface repositories use; identical on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: what a function that writes takes. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for parts that need connections of their own. */
  url?: string;
  migrate(): Promise<void>;
  /** Drops and reopens connections; used by the admin's Restart RDS. */
  recycle(): Promise<void>;
  close(): Promise<void>;
  /** Runs raw SQL; pg-boss and tools that need a plain executor use this. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Hears NOTIFY on `channel` (from any process on PostgreSQL); answers the function that stops
   * listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data folder as an archive, to start copies from. */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface PoolOptions {
  /** Connections the pool opens at most. */
  size?: number;
  /** How long a query waits for a free connection before it fails (answered 503). */
  waitMs?: number;
}

/** pg-pool's message when a checkout outlasts `connectionTimeoutMillis`. */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/** Is this error, or one it wraps (drizzle wraps query errors), a wait for a connection that ran out? */
export function isDatabaseBusy(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof Error && cause.message === POOL_TIMEOUT) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export async function openPostgres(
  url: string,
  options: PoolOptions = {},
): Promise<DatabaseHandle> {
  const makePool = () =>
    new pg.Pool({
      connectionString: url,
      max: options.size ?? 10,
      // A crowd beyond the pool waits at most this long, then is answered 503, rather than
      // queueing without end behind the connections.
      connectionTimeoutMillis: options.waitMs ?? 2000,
      // Parallel workers help one big query on an idle server; under many small requests they
      // take the cores other requests wait for, and they led the planner to scan every election
      // for a search the trigram index answers in a few milliseconds.
      // pg-pool awaits the promise before it hands the connection out.
      onConnect: ((client: pg.ClientBase) =>
        client.query('SET max_parallel_workers_per_gather = 0')) as (client: pg.ClientBase) => void,
    });
  let pool = makePool();
  // Modules keep the handle's db from start-up; they reach whichever pool is current through
  // this stand-in, so recycling the connections never leaves them on an ended pool.
  const current = new Proxy(pool, {
    get(_first, key) {
      if (key === 'query') {
        return (config: unknown, ...rest: unknown[]) =>
          (pool.query as (...a: unknown[]) => unknown)(namedWhenMarked(config), ...rest);
      }
      const value: unknown = Reflect.get(pool, key, pool);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(pool)
        : value;
    },
  });
  const handle: DatabaseHandle = {
    db: drizzlePg(current, { schema }),
    kind: 'postgres',
    url,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    async recycle() {
      const old = pool;
      pool = makePool();
      await old.end();
    },
    close: () => pool.end(),
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString: url });
      // A dropped listener only costs live updates (pages fall back to polling): never crash.
      client.on('error', () => undefined);
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
  };
  return handle;
}

/** One turn of the event loop: sockets are read and timers run before the caller goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query synchronously on the event loop and hands its queue on through promise
 * callbacks, so a queue of queries ran back to back without the loop ever reading a socket:
 * under a crowd, requests sat unread and health checks with them until the queue was empty.
 * Through this stand-in every query (and transaction) first waits for the next turn of the
 * loop, so incoming requests are read, shed or queued fairly between two queries.
 */
export function takingTurns(client: PGlite): PGlite {
  const turned = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!turned.has(key)) return method.bind(target);
      return async (...args: unknown[]) => {
        await nextTurn();
        return method.apply(target, args);
      };
    },
  });
}

/** PGlite in a folder (created when missing), or in memory when `dataDir` is undefined. */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const embedded = await PGlite.create({
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const client = takingTurns(embedded);
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // An embedded database has no connections to recycle; a round trip proves it answers.
    recycle: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
    // Without values a text may hold several statements (pg-boss's migrations), which only
    // the simple protocol of exec() accepts; the last statement's rows are the answer.
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DATABASE_POOL_SIZE?: number;
  DATABASE_WAIT_MS?: number;
}): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, {
        size: config.DATABASE_POOL_SIZE,
        waitMs: config.DATABASE_WAIT_MS,
      })
    : openPglite(path.join(config.DATA_DIR, 'db'));
}

export async function pingDatabase(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`SELECT 1`);
  return performance.now() - started;
}

export { schema };
