import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { OPERATION_MESSAGES as M } from '@scrutineer/contracts';
import { logKey, type StageName } from '@scrutineer/audit-core';
import { jobOperations, toolRuns } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { loadJob } from '../audit-jobs/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { openJobStore } from './job-inputs.js';
import { BlobJobStore } from './pipeline-store.js';
import { findOperation, type OperationRow } from './operations.repository.js';
import type { OperationsContext } from './operations.service.js';

/** Finds an operation's log by its name `{job_id}_{operation}` or its operation_id. */
async function findByName(ctx: OperationsContext, name: string): Promise<OperationRow | null> {
  const match = /^(\d+)_([a-z_]+)$/.exec(name);
  if (!match) return findOperation(ctx.deps.database.db, name);
  const [row] = await ctx.deps.database.db
    .select()
    .from(jobOperations)
    .where(
      and(eq(jobOperations.jobId, Number(match[1])), eq(jobOperations.operation, match[2] ?? '')),
    );
  return row ?? null;
}

/** A tool run's log (its operation_id); global tools' logs are the Admin's. */
async function readToolLog(ctx: OperationsContext, user: UserRow, ref: string): Promise<Readable> {
  const [run] = /^[0-9a-f-]{36}$/.test(ref)
    ? await ctx.deps.database.db.select().from(toolRuns).where(eq(toolRuns.id, ref))
    : [];
  if (!run) throw notFound(M.operationNotFound);
  if (run.jobId) await loadJob(ctx.deps.database.db, user, run.jobId);
  else if (!isAdmin(user)) throw notFound(M.operationNotFound);
  const text = await new BlobJobStore(ctx.deps.blobs, run.folder).readText('log.txt');
  // A run just started may not have written its first line yet: empty, not missing.
  if (text === null && (run.status === 'RUNNING' || run.status === 'PENDING'))
    return Readable.from(['']);
  if (text === null) throw notFound(M.logNotFound);
  return Readable.from([text]);
}

/**
 * The log as it stands: the stage's log.txt, or while a stage that fans out runs, its
 * batches' logs in order.
 */
export async function readOperationLog(
  ctx: OperationsContext,
  user: UserRow,
  ref: string,
): Promise<Readable> {
  const row = /^\d+$/.test(ref) ? null : await findByName(ctx, ref);
  if (!row) return readToolLog(ctx, user, ref);
  await loadJob(ctx.deps.database.db, user, row.jobId);
  const { store } = await openJobStore(ctx.deps, row.jobId);
  const key = logKey(row.operation as StageName);
  if (row.status === 'RUNNING' && (row.batchesTotal ?? 0) > 1) {
    const parts: string[] = [];
    for await (const object of store.list(`logs/operation-logs/${row.operation}/batches/`))
      parts.push((await store.readText(object.key)) ?? '');
    return Readable.from([parts.join('')]);
  }
  const text = await store.readText(key);
  // A stage that has just started may not have written its first line yet: empty, not missing.
  if (text === null && row.status === 'RUNNING') return Readable.from(['']);
  if (text === null) throw notFound(M.logNotFound);
  return Readable.from([text]);
}
