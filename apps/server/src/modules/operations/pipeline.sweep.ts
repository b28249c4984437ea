import { and, eq, lt, sql } from 'drizzle-orm';
import { jobOperations, operationBatches } from '../../db/schema.js';
import type { Queue } from '../../platform/queue/index.js';
import type { PipelineHost } from './pipeline.types.js';
import { QUEUES } from './queues.js';

const BATCH_ATTEMPTS = 3;

/**
 * Puts back on the queue the batches whose worker went silent (three tries each, then the
 * stage fails), and the plans whose worker died before sending their batches.
 */
export async function sweepStale(runtime: PipelineHost, queue: Queue): Promise<void> {
  const stale = await runtime.db
    .select({ batch: operationBatches, op: jobOperations })
    .from(operationBatches)
    .innerJoin(jobOperations, eq(jobOperations.id, operationBatches.operationRowId))
    .where(
      and(
        eq(operationBatches.status, 'running'),
        lt(
          operationBatches.heartbeatAt,
          sql`now() - ${`${runtime.options.staleSeconds} seconds`}::interval`,
        ),
        eq(jobOperations.status, 'RUNNING'),
        sql`${jobOperations.operationId} = ${operationBatches.runId}`,
      ),
    );
  for (const { batch } of stale) {
    if (batch.attempt >= BATCH_ATTEMPTS) {
      await runtime.finish(
        batch.operationRowId,
        batch.runId,
        'FAILURE',
        `batch ${batch.index + 1} failed ${batch.attempt} times: its worker stopped answering`,
      );
      continue;
    }
    runtime.log.warn(
      { runId: batch.runId, index: batch.index },
      'batch worker went silent; queued again',
    );
    await queue.send(QUEUES.batch, {
      opId: batch.operationRowId,
      runId: batch.runId,
      index: batch.index,
    });
  }
  // A plan whose worker died before it sent the batches.
  const stuck = await runtime.db
    .select()
    .from(jobOperations)
    .where(
      and(
        eq(jobOperations.status, 'RUNNING'),
        sql`coalesce(${jobOperations.batchesTotal}, 0) = 0`,
        lt(
          jobOperations.updatedAt,
          sql`now() - ${`${runtime.options.staleSeconds * 4} seconds`}::interval`,
        ),
      ),
    );
  for (const op of stuck) {
    await runtime.db
      .update(jobOperations)
      .set({ batchesTotal: null, updatedAt: new Date() })
      .where(eq(jobOperations.id, op.id));
    await queue.send(QUEUES.plan, { opId: op.id, runId: op.operationId });
  }
}
