import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../platform/db/database.js';

export const TEMPLATE_DB = 'scrutineer_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

/**
 * Migrates once: into a PGlite snapshot that every test database starts from, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, into a template database tests copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const handle = await openPostgres(templateUrl.toString());
    await handle.migrate();
    await handle.close();
    project.provide('postgresUrl', url);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-snapshot-'));
  const handle = await openPglite(undefined);
  await handle.migrate();
  const snapshot = path.join(dir, 'snapshot.tar.gz');
  if (!handle.dump) throw new Error('PGlite handle cannot dump');
  const dump = await handle.dump();
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresUrl', '');
  return async () => rm(dir, { recursive: true, force: true });
}
