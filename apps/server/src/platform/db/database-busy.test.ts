import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@scrutineer/contracts';
import { startPostgres } from '../../../../../scripts/lib/postgres.mjs';
import { createAccount, type Account } from '../../test/elections-fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

let stopCluster: (() => void) | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: TestServer;
let account: Account;

/** A database of its own on the suite's PostgreSQL, or on a throwaway cluster. */
async function freshDatabaseUrl(): Promise<string> {
  let base = inject('postgresUrl');
  if (!base) {
    const cluster = await startPostgres();
    stopCluster = cluster.stop;
    base = cluster.url;
  }
  const name = `scrutineer_busy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  const url = await freshDatabaseUrl();
  server = await startTestServer(
    { DATABASE_POOL_SIZE: '1', DATABASE_WAIT_MS: '200' },
    { databaseUrl: url },
  );
  account = await createAccount(server);
});

afterAll(async () => {
  await server?.close();
  await dropDatabase?.();
  stopCluster?.();
});

describe('waiting for a PostgreSQL connection', () => {
  it('answers 503 with Retry-After once every connection stays busy past the wait, then serves again', async () => {
    // The pool's one connection sleeps for longer than a request may wait for it.
    const busy = server.deps.database.executeSql('SELECT pg_sleep(1.5)');
    const shed = await server.call('GET', '/elections', { token: account.token });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.body).toEqual({ error: MESSAGES.serverBusy });

    await busy;
    const served = await server.call('GET', '/elections', { token: account.token });
    expect(served.status).toBe(200);
  });
});
