import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../../platform/db/database.js';

export const PROGRESS_CHANNEL = 'scrutineer_job_progress';

/** Tells every API instance (through PostgreSQL NOTIFY, or PGlite's) that a job's stages moved. */
export async function notifyProgress(database: DatabaseHandle, jobId: number): Promise<void> {
  await database.executeSql(`SELECT pg_notify('${PROGRESS_CHANNEL}', $1)`, [String(jobId)]);
}

/**
 * The same notice from inside a transaction or on any executor: PostgreSQL delivers it when
 * the change commits, so watchers never read stages that were rolled back.
 */
export async function notifyProgressIn(db: Executor, jobId: number): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${PROGRESS_CHANNEL}, ${String(jobId)})`);
}
