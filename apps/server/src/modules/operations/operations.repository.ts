import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OperationStage, OperationStatus } from '@scrutineer/contracts';
import { jobOperations, operationBatches } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { STAGE_INFO } from './operations.stages.js';
import { notifyProgressIn } from './progress.notice.js';

export type OperationRow = typeof jobOperations.$inferSelect;
export type BatchRow = typeof operationBatches.$inferSelect;

const UNBUILT: OperationStatus[] = ['None', 'unbuilt-notready', 'unbuilt-ready'];
const BUILT: OperationStatus[] = ['built', 'SUCCESS', 'built-new', 'PROBLEMS'];

/** Gives a job its one row per stage: precheck starts ready, the others not ready. */
export async function ensureOperations(db: Executor, jobId: number): Promise<void> {
  await db
    .insert(jobOperations)
    .values(
      STAGE_INFO.map((s) => ({
        jobId,
        operation: s.name,
        position: s.position,
        status: s.needs.length === 0 ? 'unbuilt-ready' : 'unbuilt-notready',
      })),
    )
    .onConflictDoNothing();
}

export const listOperations = (db: Executor, jobId: number, lock = false) => {
  const query = db
    .select()
    .from(jobOperations)
    .where(eq(jobOperations.jobId, jobId))
    .orderBy(asc(jobOperations.position));
  return lock ? query.for('update') : query;
};

/** An operation by its row id (digits) or its operation_id. */
export async function findOperation(db: Executor, ref: string): Promise<OperationRow | null> {
  const where = /^\d+$/.test(ref)
    ? eq(jobOperations.id, Number(ref))
    : eq(jobOperations.operationId, ref);
  const [row] = await db.select().from(jobOperations).where(where);
  return row ?? null;
}

export async function updateOperation(
  db: Executor,
  id: number,
  values: Partial<typeof jobOperations.$inferInsert>,
): Promise<OperationRow> {
  const [row] = await db
    .update(jobOperations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobOperations.id, id))
    .returning();
  if (!row) throw new Error(`operation ${id} vanished`);
  // Open job pages hear of the change (when it commits) instead of polling for it.
  await notifyProgressIn(db, row.jobId);
  return row;
}

/**
 * Unbuilt stages become ready when every stage they need is built, and not ready otherwise.
 * Call it in the transaction of any change of status.
 */
export async function settleReadiness(db: Executor, jobId: number): Promise<void> {
  const rows = await listOperations(db, jobId);
  const status = new Map(rows.map((r) => [r.operation, r.status as OperationStatus]));
  for (const row of rows) {
    if (!UNBUILT.includes(row.status as OperationStatus)) continue;
    const info = STAGE_INFO.find((s) => s.name === row.operation);
    const ready = (info?.needs ?? []).every((n) => BUILT.includes(status.get(n) ?? 'None'));
    const next: OperationStatus = ready ? 'unbuilt-ready' : 'unbuilt-notready';
    if (row.status !== next) await updateOperation(db, row.id, { status: next });
  }
}

/** A forced rerun makes every later stage that was built out of date. */
export async function markLaterBuiltNew(
  db: Executor,
  jobId: number,
  after: number,
): Promise<OperationStage[]> {
  const rows = await db
    .update(jobOperations)
    .set({ status: 'built-new', updatedAt: new Date() })
    .where(
      and(
        eq(jobOperations.jobId, jobId),
        sql`${jobOperations.position} > ${after}`,
        inArray(jobOperations.status, BUILT),
      ),
    )
    .returning({ operation: jobOperations.operation });
  return rows.map((r) => r.operation as OperationStage);
}

export const listBatches = (db: Executor, runId: string) =>
  db
    .select()
    .from(operationBatches)
    .where(eq(operationBatches.runId, runId))
    .orderBy(asc(operationBatches.index));

/**
 * A built stage whose settings changed, and every later built stage, are out of date
 * (built-new); `stage` undefined means the whole job's settings changed.
 */
export async function markOutOfDateFrom(
  db: Executor,
  jobId: number,
  stage?: string,
): Promise<OperationStage[]> {
  const from = stage === undefined ? 0 : STAGE_INFO.find((s) => s.name === stage)?.position;
  if (from === undefined) return [];
  const rows = await db
    .update(jobOperations)
    .set({ status: 'built-new', updatedAt: new Date() })
    .where(
      and(
        eq(jobOperations.jobId, jobId),
        sql`${jobOperations.position} >= ${from}`,
        inArray(jobOperations.status, ['built', 'SUCCESS', 'PROBLEMS']),
      ),
    )
    .returning({ operation: jobOperations.operation, position: jobOperations.position });
  if (rows.length > 0) await notifyProgressIn(db, jobId);
  return rows.sort((a, b) => a.position - b.position).map((r) => r.operation as OperationStage);
}
