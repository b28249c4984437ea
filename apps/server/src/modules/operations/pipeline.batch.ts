import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  finishStage,
  logKey,
  runBatch,
  type StageDefinition,
  type StageName,
} from '@scrutineer/audit-core';
import { jobOperations, operationBatches } from '../../db/schema.js';
import { batchesRun, batchSeconds } from '../../platform/metrics/metrics.js';
import type { OpenedJob } from './job-inputs.js';
import type { OperationRow } from './operations.repository.js';
import type { BatchJob, PipelineHost, RunEnd } from './pipeline.types.js';
import { QUEUES } from './queues.js';

type Store = OpenedJob['store'];

/** Runs one batch it could claim; only the claiming attempt may record it done. */
export async function runBatchJob(host: PipelineHost, job: BatchJob): Promise<void> {
  const { opId, runId, index } = job;
  if (host.stopping) return host.putBack(QUEUES.batch, { opId, runId, index });
  const stale = `${host.options.staleSeconds} seconds`;
  const [claim] = await host.db
    .update(operationBatches)
    .set({
      status: 'running',
      attempt: sql`${operationBatches.attempt} + 1`,
      worker: host.workerId,
      heartbeatAt: new Date(),
      claimedAt: new Date(),
      percent: 0,
    })
    .where(
      and(
        eq(operationBatches.runId, runId),
        eq(operationBatches.index, index),
        sql`(${operationBatches.status} = 'queued' or (${operationBatches.status} = 'running' and ${operationBatches.heartbeatAt} < now() - ${stale}::interval))`,
      ),
    )
    .returning();
  if (!claim) return;
  const op = await host.current(opId, runId);
  if (!op) {
    await host.db
      .update(operationBatches)
      .set({ status: 'cancelled' })
      .where(eq(operationBatches.id, claim.id));
    return;
  }
  const mine = and(eq(operationBatches.id, claim.id), eq(operationBatches.attempt, claim.attempt));
  const controller = new AbortController();
  const key = `${runId}:${index}`;
  host.running.set(key, controller);
  host.running.set(runId, controller);
  const { store, batchSize } = await host.openRun(op);
  const stage = host.stage(op);
  const started = performance.now();
  const count = (outcome: string) => {
    batchesRun.inc({ stage: op.operation, outcome });
    batchSeconds.observe({ stage: op.operation }, (performance.now() - started) / 1000);
  };
  if (host.presence) host.presence.busy += 1;
  const lines: string[] = [];
  let written = 0;
  let percent = 0;
  const liveKey =
    claim.count > 1
      ? `logs/operation-logs/${op.operation}/batches/${String(index + 1).padStart(5, '0')}.txt`
      : logKey(op.operation as StageName);
  // Log writes go one after another, and the last is awaited before the join: with one batch the
  // live log is the stage's own, and a heartbeat's write landing after the join's would undo it.
  let writing = Promise.resolve();
  const writeLog = () => {
    writing = writing
      .then(() => store.write(liveKey, `${lines.join('\n')}\n`))
      .catch(() => undefined);
    return writing;
  };
  const beat = async () => {
    const [still] = await host.db
      .update(operationBatches)
      .set({ heartbeatAt: new Date(), percent })
      .where(mine)
      .returning({ id: operationBatches.id });
    const live = await host.current(opId, runId);
    if (!still || !live) controller.abort();
    else {
      await updatePercent(host, opId, runId);
      host.notify(op.jobId);
    }
    if (lines.length !== written) {
      written = lines.length;
      await writeLog();
    }
  };
  const timer = setInterval(() => void beat().catch(() => undefined), host.options.heartbeatMs);
  try {
    const result = await runBatch(
      stage,
      store,
      { index, count: claim.count },
      {
        signal: controller.signal,
        batchSize: batchSize ?? host.options.batchSize,
        onLog: (line) => lines.push(line),
        onProgress: (p) => {
          percent = p.percent;
        },
      },
    );
    clearInterval(timer);
    if (result.status === 'STOPPED' && host.stopping) {
      await handBack(host, mine, job);
      count('handed_back');
      return;
    }
    if (result.status === 'STOPPED') {
      count('stopped');
      await host.db
        .update(operationBatches)
        .set({ status: 'stopped', finishedAt: new Date() })
        .where(mine);
      return;
    }
    if (result.status === 'FAILURE') {
      count('failed');
      await failBatch(host, mine, opId, runId, result.error ?? 'stage failed');
      return;
    }
    const [done] = await host.db
      .update(operationBatches)
      .set({ status: 'done', percent: 100, finishedAt: new Date() })
      .where(and(mine, eq(operationBatches.status, 'running')))
      .returning({ id: operationBatches.id });
    if (!done) return;
    count('done');
    if (host.presence) host.presence.done += 1;
    // A batch shorter than a heartbeat never beat: its log and the stage's percent move here,
    // so a fast stage still shows progress batch by batch.
    // `written` moves too, so a heartbeat already under way finds nothing left to write.
    if (lines.length !== written) {
      written = lines.length;
      void writeLog();
    }
    await writing;
    await updatePercent(host, opId, runId);
    host.notify(op.jobId);
    await joinIfLast(host, op, stage, store, claim.count);
  } catch (error) {
    clearInterval(timer);
    if (host.stopping && controller.signal.aborted) {
      await handBack(host, mine, job);
      count('handed_back');
      return;
    }
    count('failed');
    await failBatch(
      host,
      mine,
      opId,
      runId,
      error instanceof Error ? error.message : String(error),
    );
  } finally {
    clearInterval(timer);
    if (host.presence) host.presence.busy -= 1;
    host.running.delete(key);
    host.running.delete(runId);
  }
}

/** A batch cut short by a shutdown goes back on the queue as it was, for any worker. */
async function handBack(host: PipelineHost, mine: SQL | undefined, job: BatchJob): Promise<void> {
  const [back] = await host.db
    .update(operationBatches)
    .set({ status: 'queued', worker: '', percent: 0, heartbeatAt: null, queuedAt: new Date() })
    .where(and(mine, eq(operationBatches.status, 'running')))
    .returning({ id: operationBatches.id });
  if (!back) return;
  await host.putBack(QUEUES.batch, job);
  host.log.info({ runId: job.runId, index: job.index }, 'batch handed back to the queue');
}

/**
 * A batch that failed fails its stage, unless another worker took the batch over meanwhile
 * (this attempt was presumed dead): then its outcome no longer counts.
 */
async function failBatch(
  host: PipelineHost,
  mine: SQL | undefined,
  opId: number,
  runId: string,
  message: string,
): Promise<void> {
  const [owned] = await host.db
    .update(operationBatches)
    .set({ status: 'failed', finishedAt: new Date() })
    .where(mine)
    .returning({ id: operationBatches.id });
  if (owned) await host.finish(opId, runId, 'FAILURE', message);
}

async function updatePercent(host: PipelineHost, opId: number, runId: string): Promise<void> {
  await host.db.execute(sql`
    update ${jobOperations} set percent = coalesce((
      select floor(avg(case when b.status = 'done' then 100 else b.percent end))::int
      from ${operationBatches} b where b.run_id = ${runId}), 0), updated_at = now()
    where id = ${opId} and operation_id = ${runId} and status = 'RUNNING'`);
}

/** The batch that finds every batch done joins them, once. */
async function joinIfLast(
  host: PipelineHost,
  op: OperationRow,
  stage: StageDefinition,
  store: Store,
  count: number,
): Promise<void> {
  const runId = op.operationId ?? '';
  const [joined] = await host.db
    .update(jobOperations)
    .set({
      batchesDone: sql`(select count(*)::int from ${operationBatches} b where b.run_id = ${runId} and b.status = 'done')`,
      joinClaimed: sql`(select count(*) from ${operationBatches} b where b.run_id = ${runId} and b.status = 'done') = ${count}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(jobOperations.id, op.id),
        eq(jobOperations.operationId, runId),
        eq(jobOperations.status, 'RUNNING'),
        eq(jobOperations.joinClaimed, false),
      ),
    )
    .returning();
  if (!joined?.joinClaimed) return;
  try {
    // A stage that left sheets unread ends PROBLEMS, its result saying how many and why.
    const { status, summary, problems } = await finishStage(stage, store, count);
    const done = `${count > 1 ? `${count} batches joined` : 'done'}; ${problems.length} problems`;
    const end: RunEnd = status === 'PROBLEMS' ? status : 'SUCCESS';
    await host.finish(op.id, runId, end, summary ?? done);
  } catch (error) {
    await host.finish(
      op.id,
      runId,
      'FAILURE',
      error instanceof Error ? error.message : String(error),
    );
  }
}
