import { and, eq, sql } from 'drizzle-orm';
import type { OperationStage } from '@scrutineer/contracts';
import { jobOperations, operationBatches } from '../../db/schema.js';
import { writeRlaForReport } from '../rla/index.js';
import { writeAdjudications } from './adjudicate.stage.js';
import { openJobStore } from './job-inputs.js';
import { stageOutputPrefixes } from './operations.stages.js';
import type { PipelineHost, PlanJob } from './pipeline.types.js';
import { QUEUES } from './queues.js';
import { writeReportContext } from './report-context.js';

/**
 * Counts a run's batches and sends them; clears the stage's old outputs first. The plan claims
 * the run (batches_total null → 0) so a duplicate plan job does nothing.
 */
export async function planRun(host: PipelineHost, { opId, runId }: PlanJob): Promise<void> {
  if (host.stopping) return host.putBack(QUEUES.plan, { opId, runId });
  const [op] = await host.db
    .update(jobOperations)
    .set({ batchesTotal: 0, updatedAt: new Date() })
    .where(
      and(
        eq(jobOperations.id, opId),
        eq(jobOperations.operationId, runId),
        eq(jobOperations.status, 'RUNNING'),
        sql`${jobOperations.batchesTotal} is null`,
      ),
    )
    .returning();
  if (!op) return;
  try {
    const { store, batchSize } = await openJobStore(host.deps, op.jobId);
    for (const prefix of stageOutputPrefixes(op.operation as OperationStage))
      await store.remove(prefix);
    if (op.operation === 'genreport') await writeAdjudications(host.db, op.jobId, store);
    if (op.operation === 'genreport') await writeReportContext(host.db, op, store);
    if (op.operation === 'genreport') await writeRlaForReport(host.db, op.jobId, store);
    const size = batchSize ?? host.options.batchSize;
    const count = Math.max(1, await host.stage(op).batches(store, { batchSize: size }));
    await host.db
      .insert(operationBatches)
      .values(
        Array.from({ length: count }, (_, index) => ({
          operationRowId: opId,
          runId,
          index,
          count,
        })),
      )
      .onConflictDoNothing();
    const claimed = await host.db
      .update(jobOperations)
      .set({ batchesTotal: count, batchesDone: 0, updatedAt: new Date() })
      .where(
        and(
          eq(jobOperations.id, opId),
          eq(jobOperations.operationId, runId),
          eq(jobOperations.status, 'RUNNING'),
        ),
      )
      .returning({ id: jobOperations.id });
    if (claimed.length === 0) return;
    host.notify(op.jobId);
    const queue = await host.start();
    await queue.sendMany(
      QUEUES.batch,
      Array.from({ length: count }, (_, index) => ({ opId, runId, index })),
    );
  } catch (error) {
    await host.finish(
      opId,
      runId,
      'FAILURE',
      error instanceof Error ? error.message : String(error),
    );
  }
}
