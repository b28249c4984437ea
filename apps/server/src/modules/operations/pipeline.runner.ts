import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { stageNamed, type StageDefinition } from '@scrutineer/audit-core';
import type { OperationStage, Tool } from '@scrutineer/contracts';
import { jobOperations, operationBatches } from '../../db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { startQueue, type Queue } from '../../platform/queue/index.js';
import type { UserRow } from '../users/index.js';
import { adjudicateStage } from './adjudicate.stage.js';
import { openRunStore, type OpenedJob } from './job-inputs.js';
import { settleReadiness, type OperationRow } from './operations.repository.js';
import { runBatchJob } from './pipeline.batch.js';
import { planRun } from './pipeline.plan.js';
import { WorkerPresence } from './pipeline.presence.js';
import { sweepStale } from './pipeline.sweep.js';
import type { BatchJob, PipelineHost, PlanJob, RunEnd, RuntimeOptions } from './pipeline.types.js';
import { notifyProgress } from './progress.socket.js';
import { QUEUES } from './queues.js';

export { QUEUES };
export type { RuntimeOptions };

const INTERRUPTED = 'The server stopped while this stage ran. Reset it and run it again.';
/** Runs whose shared store (openRun) a process keeps: the newest ones. */
const RUNS_KEPT = 2;

/** Tool functions register here so the runtime can run them on its queue. */
export type ToolHandler = (runId: string) => Promise<void>;
/** The tools module resets a tool row through the job-operations reset call (the tool view). */
export type ToolReset = (user: UserRow, runId: string) => Promise<{ message: string; tool: Tool }>;

/**
 * Runs stages on the queue: a launch sends a plan job; the plan counts the stage's batches and
 * sends one job per batch; any worker claims a batch, the last one to finish joins them.
 */
export class PipelineRuntime implements PipelineHost {
  readonly workerId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private queue: Promise<Queue> | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  readonly running = new Map<string, AbortController>();
  /** Handlers in progress here: a stop waits for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Set on shutdown: no new work is taken, and batches cut short go back on the queue. */
  stopping = false;
  presence: WorkerPresence | null = null;
  toolHandler: ToolHandler | null = null;
  private readonly runStores = new Map<string, Promise<OpenedJob>>();
  toolReset: ToolReset | null = null;

  constructor(
    readonly deps: AppDeps,
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
  notify(jobId: number): void {
    notifyProgress(this.deps.database, jobId).catch(() => undefined);
  }

  /** A job a stopping worker was handed after it stopped taking work goes back unclaimed. */
  async putBack(name: string, data: object): Promise<void> {
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

  stage(op: OperationRow): StageDefinition {
    if (op.operation === 'adjudicate') return adjudicateStage(this.db, op.jobId);
    const stage = stageNamed(op.operation);
    if (!stage) throw new Error(`stage ${op.operation} has no engine`);
    return stage;
  }

  /**
   * The store the batches of a run share in this process (openRunStore): the job's inputs are
   * looked up once per run, and what earlier stages wrote is read from the store once.
   */
  openRun(op: OperationRow): Promise<OpenedJob> {
    const runId = op.operationId ?? '';
    const found = this.runStores.get(runId);
    if (found) return found;
    const opened = openRunStore(this.deps, op.jobId, op.operation as OperationStage);
    this.runStores.set(runId, opened);
    opened.catch(() => this.runStores.delete(runId));
    for (const old of [...this.runStores.keys()].slice(0, -RUNS_KEPT)) this.runStores.delete(old);
    return opened;
  }

  async current(opId: number, runId: string): Promise<OperationRow | null> {
    const [op] = await this.db.select().from(jobOperations).where(eq(jobOperations.id, opId));
    return op && op.operationId === runId && op.status === 'RUNNING' ? op : null;
  }

  /** Counts a run's batches and sends them (pipeline.plan.ts). */
  plan(job: PlanJob): Promise<void> {
    return planRun(this, job);
  }

  /** Runs one batch it could claim (pipeline.batch.ts). */
  batch(job: BatchJob): Promise<void> {
    return runBatchJob(this, job);
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
