import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  finishStage,
  logKey,
  runBatch,
  stageNamed,
  type StageDefinition,
  type StageName,
} from '@scrutineer/audit-core';
import type { OperationStage, Tool } from '@scrutineer/contracts';
import { jobOperations, operationBatches } from '../../db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { batchesRun, batchSeconds } from '../../platform/metrics/metrics.js';
import { startQueue, type Queue } from '../../platform/queue/index.js';
import { writeRlaForReport } from '../rla/index.js';
import type { UserRow } from '../users/index.js';
import { adjudicateStage, writeAdjudications } from './adjudicate.stage.js';
import { openJobStore } from './job-inputs.js';
import { settleReadiness, type OperationRow } from './operations.repository.js';
import { stageOutputPrefixes } from './operations.stages.js';
import { WorkerPresence } from './pipeline.presence.js';
import { sweepStale } from './pipeline.sweep.js';
import { notifyProgress } from './progress.socket.js';
import { QUEUES } from './queues.js';
import { writeReportContext } from './report-context.js';

export { QUEUES };

interface PlanJob {
  opId: number;
  runId: string;
}
interface BatchJob extends PlanJob {
  index: number;
}

export interface RuntimeOptions {
  /** Handlers side by side in this process; 0 leaves the work to `npm run worker`. */
  workers: number;
  /** A batch whose heartbeat is older than this is taken over by another worker. */
  staleSeconds: number;
  batchSize: number;
  heartbeatMs: number;
  /** `api` when the handlers live in an API process, `worker` for `npm run worker`. */
  role?: 'api' | 'worker';
}

type RunEnd = 'SUCCESS' | 'PROBLEMS' | 'FAILURE';

const INTERRUPTED = 'The server stopped while this stage ran. Reset it and run it again.';

/** Tool functions register here so the runtime can run them on its queue. */
export type ToolHandler = (runId: string) => Promise<void>;
/** The tools module resets a tool row through the job-operations reset call (the tool view). */
export type ToolReset = (user: UserRow, runId: string) => Promise<{ message: string; tool: Tool }>;

/**
 * Runs stages on the queue: a launch sends a plan job; the plan counts the stage's batches and
 * sends one job per batch; any worker claims a batch, the last one to finish joins them.
 */
export class PipelineRuntime {
  readonly workerId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private queue: Promise<Queue> | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly running = new Map<string, AbortController>();
  /** Handlers in progress here: a stop waits for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Set on shutdown: no new work is taken, and batches cut short go back on the queue. */
  private stopping = false;
  private presence: WorkerPresence | null = null;
  toolHandler: ToolHandler | null = null;
  toolReset: ToolReset | null = null;

  constructor(
    private readonly deps: AppDeps,
    readonly options: RuntimeOptions,
  ) {}

  get log() {
    return this.deps.log;
  }

  get db() {
    return this.deps.database.db;
  }

  /** Starts the queue (and this process's workers) on first use. */
  start(): Promise<Queue> {
    this.queue ??= (async () => {
      const queue = await startQueue(this.deps.database, Object.values(QUEUES), (error) =>
        this.deps.log.error({ err: error }, 'queue error'),
      );
      if (this.options.workers > 0) {
        this.presence = new WorkerPresence(
          () => this.db,
          this.workerId,
          {
            role: this.options.role ?? 'api',
            slots: this.options.workers,
            everyMs: Math.max(this.options.heartbeatMs, 5000),
          },
          (error) => this.deps.log.warn({ err: error }, 'worker heartbeat failed'),
        );
        await this.presence.start();
        await queue.work<PlanJob>(QUEUES.plan, 1, (job) => this.held(this.plan(job.data)));
        await queue.work<BatchJob>(QUEUES.batch, this.options.workers, (job) =>
          this.held(this.batch(job.data)),
        );
        await queue.work<{ runId: string }>(QUEUES.tool, 1, (job) =>
          this.held(this.toolHandler?.(job.data.runId) ?? Promise.resolve()),
        );
        this.sweeper = setInterval(() => void this.sweep(), 2000);
        this.sweeper.unref();
      }
      return queue;
    })();
    return this.queue;
  }

  get started(): boolean {
    return this.queue !== null;
  }

  /** Counts a handler in flight until it settles, so a stop can wait for it. */
  private held(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /**
   * Stops gracefully: takes no new work, lets batches in flight finish for up to `graceMs`,
   * then cuts the rest short and puts them back on the queue for another worker (or for this
   * server's next start), so no batch is lost and none is counted twice.
   */
  async stop(graceMs = 0): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    const pending = this.queue;
    if (!pending) return;
    const queue = await pending;
    this.stopping = true;
    await this.presence?.beat({ stopping: true }).catch(() => undefined);
    await queue.stopTaking();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), grace]);
    clearTimeout(timer);
    if (this.inFlight.size > 0)
      this.log.info(`${this.inFlight.size} handler(s) still running: cutting them short`);
    for (const controller of this.running.values()) controller.abort();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    this.queue = null;
    await queue.stop();
    await this.presence?.leave().catch(() => undefined);
    this.presence = null;
  }

  /** Open job pages hear of the change; a lost notice only delays them to their next poll. */
  private notify(jobId: number): void {
    notifyProgress(this.deps.database, jobId).catch(() => undefined);
  }

  /** A job a stopping worker was handed after it stopped taking work goes back unclaimed. */
  private async putBack(name: string, data: object): Promise<void> {
    const queue = await this.queue;
    await queue?.send(name, data);
  }

  async launch(op: OperationRow): Promise<void> {
    const queue = await this.start();
    await queue.send(
      QUEUES.plan,
      { opId: op.id, runId: op.operationId },
      { id: op.operationId ?? undefined },
    );
    this.notify(op.jobId);
  }

  async cancel(runId: string): Promise<void> {
    this.running.get(runId)?.abort();
    if (this.queue) await (await this.queue).cancel(QUEUES.plan, runId);
  }

  /** The queue's state of a job, when the queue runs here. */
  async queueState(name: string, id: string): Promise<string | null> {
    if (!this.queue) return null;
    return (await this.queue).state(name, id);
  }

  /** Aborts a tool run handled here and takes its job off the queue. */
  async cancelTool(runId: string): Promise<void> {
    this.running.get(runId)?.abort();
    if (this.queue) await (await this.queue).cancel(QUEUES.tool, runId);
  }

  /** Tool runs register their abort here so a stop reaches them at once. */
  track(runId: string, controller: AbortController): () => void {
    this.running.set(runId, controller);
    return () => this.running.delete(runId);
  }

  /** The queue's state of a run's plan job, when the queue runs here. */
  async planState(runId: string): Promise<string | null> {
    if (!this.queue) return null;
    return (await this.queue).state(QUEUES.plan, runId);
  }

  /**
   * At start of a server whose workers all live in it (PGlite), a RUNNING stage was either cut
   * off (a batch still marked running, or no batches planned yet): it becomes FAILURE rather
   * than RUNNING forever; or handed back by a clean shutdown (batches waiting on the queue): it
   * resumes.
   */
  async failInterrupted(): Promise<number> {
    const resumable = sql`(coalesce(${jobOperations.batchesTotal}, 0) > 0
      and not ${jobOperations.joinClaimed}
      and exists (select 1 from ${operationBatches} b where b.run_id = ${jobOperations.operationId} and b.status = 'queued')
      and not exists (select 1 from ${operationBatches} b where b.run_id = ${jobOperations.operationId} and b.status = 'running'))`;
    const rows = await this.db
      .update(jobOperations)
      .set({
        status: 'FAILURE',
        result: INTERRUPTED,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(jobOperations.status, 'RUNNING'), sql`not ${resumable}`))
      .returning();
    return rows.length;
  }

  /** Starts the queue (once) and asks it how many batches wait: proves it answers. */
  async queueSize(): Promise<number> {
    return (await this.start()).size(QUEUES.batch);
  }

  async hasActiveRuns(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: jobOperations.id })
      .from(jobOperations)
      .where(eq(jobOperations.status, 'RUNNING'))
      .limit(1);
    return Boolean(row);
  }

  private stage(op: OperationRow): StageDefinition {
    if (op.operation === 'adjudicate') return adjudicateStage(this.db, op.jobId);
    const stage = stageNamed(op.operation);
    if (!stage) throw new Error(`stage ${op.operation} has no engine`);
    return stage;
  }

  private async current(opId: number, runId: string): Promise<OperationRow | null> {
    const [op] = await this.db.select().from(jobOperations).where(eq(jobOperations.id, opId));
    return op && op.operationId === runId && op.status === 'RUNNING' ? op : null;
  }

  /**
   * Counts the batches and sends them; clears the stage's old outputs first. The plan claims
   * the run (batches_total null → 0) so a duplicate plan job does nothing.
   */
  async plan({ opId, runId }: PlanJob): Promise<void> {
    if (this.stopping) return this.putBack(QUEUES.plan, { opId, runId });
    const [op] = await this.db
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
      const { store, batchSize } = await openJobStore(this.deps, op.jobId);
      for (const prefix of stageOutputPrefixes(op.operation as OperationStage))
        await store.remove(prefix);
      if (op.operation === 'genreport') await writeAdjudications(this.db, op.jobId, store);
      if (op.operation === 'genreport') await writeReportContext(this.db, op, store);
      if (op.operation === 'genreport') await writeRlaForReport(this.db, op.jobId, store);
      const size = batchSize ?? this.options.batchSize;
      const count = Math.max(1, await this.stage(op).batches(store, { batchSize: size }));
      await this.db
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
      const claimed = await this.db
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
      this.notify(op.jobId);
      const queue = await this.start();
      for (let index = 0; index < count; index += 1)
        await queue.send(QUEUES.batch, { opId, runId, index });
    } catch (error) {
      await this.finish(
        opId,
        runId,
        'FAILURE',
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  /** Runs one batch it could claim; only the claiming attempt may record it done. */
  async batch({ opId, runId, index }: BatchJob): Promise<void> {
    if (this.stopping) return this.putBack(QUEUES.batch, { opId, runId, index });
    const stale = `${this.options.staleSeconds} seconds`;
    const [claim] = await this.db
      .update(operationBatches)
      .set({
        status: 'running',
        attempt: sql`${operationBatches.attempt} + 1`,
        worker: this.workerId,
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
    const op = await this.current(opId, runId);
    if (!op) {
      await this.db
        .update(operationBatches)
        .set({ status: 'cancelled' })
        .where(eq(operationBatches.id, claim.id));
      return;
    }
    const mine = and(
      eq(operationBatches.id, claim.id),
      eq(operationBatches.attempt, claim.attempt),
    );
    const controller = new AbortController();
    const key = `${runId}:${index}`;
    this.running.set(key, controller);
    this.running.set(runId, controller);
    const { store, batchSize } = await openJobStore(this.deps, op.jobId);
    const stage = this.stage(op);
    const started = performance.now();
    const count = (outcome: string) => {
      batchesRun.inc({ stage: op.operation, outcome });
      batchSeconds.observe({ stage: op.operation }, (performance.now() - started) / 1000);
    };
    if (this.presence) this.presence.busy += 1;
    const lines: string[] = [];
    let written = 0;
    let percent = 0;
    const liveKey =
      claim.count > 1
        ? `logs/operation-logs/${op.operation}/batches/${String(index + 1).padStart(5, '0')}.txt`
        : logKey(op.operation as StageName);
    const beat = async () => {
      const [still] = await this.db
        .update(operationBatches)
        .set({ heartbeatAt: new Date(), percent })
        .where(mine)
        .returning({ id: operationBatches.id });
      const live = await this.current(opId, runId);
      if (!still || !live) controller.abort();
      else {
        await this.updatePercent(opId, runId);
        this.notify(op.jobId);
      }
      if (lines.length !== written) {
        written = lines.length;
        await store.write(liveKey, `${lines.join('\n')}\n`).catch(() => undefined);
      }
    };
    const timer = setInterval(() => void beat().catch(() => undefined), this.options.heartbeatMs);
    try {
      const result = await runBatch(
        stage,
        store,
        { index, count: claim.count },
        {
          signal: controller.signal,
          batchSize: batchSize ?? this.options.batchSize,
          onLog: (line) => lines.push(line),
          onProgress: (p) => {
            percent = p.percent;
          },
        },
      );
      clearInterval(timer);
      if (result.status === 'STOPPED' && this.stopping) {
        await this.handBack(mine, { opId, runId, index });
        count('handed_back');
        return;
      }
      if (result.status === 'STOPPED') {
        count('stopped');
        await this.db
          .update(operationBatches)
          .set({ status: 'stopped', finishedAt: new Date() })
          .where(mine);
        return;
      }
      if (result.status === 'FAILURE') {
        count('failed');
        await this.failBatch(mine, opId, runId, result.error ?? 'stage failed');
        return;
      }
      const [done] = await this.db
        .update(operationBatches)
        .set({ status: 'done', percent: 100, finishedAt: new Date() })
        .where(and(mine, eq(operationBatches.status, 'running')))
        .returning({ id: operationBatches.id });
      if (!done) return;
      count('done');
      if (this.presence) this.presence.done += 1;
      await this.joinIfLast(op, stage, store, claim.count);
    } catch (error) {
      clearInterval(timer);
      if (this.stopping && controller.signal.aborted) {
        await this.handBack(mine, { opId, runId, index });
        count('handed_back');
        return;
      }
      count('failed');
      await this.failBatch(
        mine,
        opId,
        runId,
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      clearInterval(timer);
      if (this.presence) this.presence.busy -= 1;
      this.running.delete(key);
      this.running.delete(runId);
    }
  }

  /** A batch cut short by a shutdown goes back on the queue as it was, for any worker. */
  private async handBack(mine: SQL | undefined, job: BatchJob): Promise<void> {
    const [back] = await this.db
      .update(operationBatches)
      .set({ status: 'queued', worker: '', percent: 0, heartbeatAt: null, queuedAt: new Date() })
      .where(and(mine, eq(operationBatches.status, 'running')))
      .returning({ id: operationBatches.id });
    if (!back) return;
    await this.putBack(QUEUES.batch, job);
    this.log.info({ runId: job.runId, index: job.index }, 'batch handed back to the queue');
  }

  /**
   * A batch that failed fails its stage, unless another worker took the batch over meanwhile
   * (this attempt was presumed dead): then its outcome no longer counts.
   */
  private async failBatch(mine: SQL | undefined, opId: number, runId: string, message: string) {
    const [owned] = await this.db
      .update(operationBatches)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(mine)
      .returning({ id: operationBatches.id });
    if (owned) await this.finish(opId, runId, 'FAILURE', message);
  }

  private async updatePercent(opId: number, runId: string): Promise<void> {
    await this.db.execute(sql`
      update ${jobOperations} set percent = coalesce((
        select floor(avg(case when b.status = 'done' then 100 else b.percent end))::int
        from ${operationBatches} b where b.run_id = ${runId}), 0), updated_at = now()
      where id = ${opId} and operation_id = ${runId} and status = 'RUNNING'`);
  }

  /** The batch that finds every batch done joins them, once. */
  private async joinIfLast(
    op: OperationRow,
    stage: StageDefinition,
    store: Awaited<ReturnType<typeof openJobStore>>['store'],
    count: number,
  ): Promise<void> {
    const runId = op.operationId ?? '';
    const [joined] = await this.db
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
      const joined = `${count > 1 ? `${count} batches joined` : 'done'}; ${problems.length} problems`;
      const end: RunEnd = status === 'PROBLEMS' ? status : 'SUCCESS';
      await this.finish(op.id, runId, end, summary ?? joined);
    } catch (error) {
      await this.finish(
        op.id,
        runId,
        'FAILURE',
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  /** Ends a run unless it was stopped or replaced meanwhile; later stages may become ready. */
  async finish(opId: number, runId: string, status: RunEnd, result: string) {
    const jobId = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobOperations)
        .set({
          status,
          result: result.slice(0, 2000),
          finishedAt: new Date(),
          updatedAt: new Date(),
          ...(status !== 'FAILURE' ? { percent: 100 } : {}),
        })
        .where(
          and(
            eq(jobOperations.id, opId),
            eq(jobOperations.operationId, runId),
            eq(jobOperations.status, 'RUNNING'),
          ),
        )
        .returning();
      if (row) await settleReadiness(tx, row.jobId);
      return row?.jobId;
    });
    if (jobId !== undefined) this.notify(jobId);
  }

  /** Batches whose worker went silent go back on the queue (pipeline.sweep.ts). */
  async sweep(): Promise<void> {
    if (this.stopping) return;
    try {
      await this.presence?.forgetSilent();
      await sweepStale(this, await this.start());
    } catch (error) {
      this.deps.log.warn({ err: error }, 'pipeline sweep failed');
    }
  }

  /** Marks queued batches of a stopped run so no worker starts them. */
  async dropQueued(runId: string): Promise<void> {
    await this.db
      .update(operationBatches)
      .set({ status: 'cancelled' })
      .where(and(eq(operationBatches.runId, runId), inArray(operationBatches.status, ['queued'])));
  }
}
