import type { StageDefinition } from '@scrutineer/audit-core';
import type { AppDeps } from '../../platform/deps.js';
import type { Queue } from '../../platform/queue/index.js';
import type { OpenedJob } from './job-inputs.js';
import type { OperationRow } from './operations.repository.js';
import type { WorkerPresence } from './pipeline.presence.js';

/** The queue job that plans a run. */
export interface PlanJob {
  opId: number;
  runId: string;
}
/** The queue job of one batch of a run. */
export interface BatchJob extends PlanJob {
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

export type RunEnd = 'SUCCESS' | 'PROBLEMS' | 'FAILURE';

/**
 * What planning, running a batch and sweeping need of the runtime that hands them their jobs
 * (pipeline.runner.ts), so those steps live in files of their own without importing it.
 */
export interface PipelineHost {
  readonly deps: AppDeps;
  readonly options: RuntimeOptions;
  readonly workerId: string;
  readonly db: AppDeps['database']['db'];
  readonly log: AppDeps['log'];
  /** Set on shutdown: no new work is taken, and batches cut short go back on the queue. */
  readonly stopping: boolean;
  readonly presence: WorkerPresence | null;
  /** Aborts of the runs and batches handled here, by run id and by `runId:index`. */
  readonly running: Map<string, AbortController>;
  start(): Promise<Queue>;
  /** Open job pages hear of the change. */
  notify(jobId: number): void;
  /** A job a stopping worker was handed goes back on the queue unclaimed. */
  putBack(name: string, data: object): Promise<void>;
  /** The run's stage row while this run is the stage's current one and RUNNING. */
  current(opId: number, runId: string): Promise<OperationRow | null>;
  stage(op: OperationRow): StageDefinition;
  /** The job's store that the batches of the op's run share in this process. */
  openRun(op: OperationRow): Promise<OpenedJob>;
  finish(opId: number, runId: string, status: RunEnd, result: string): Promise<void>;
}
