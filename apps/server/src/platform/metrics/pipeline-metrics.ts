import client from 'prom-client';
import { OPERATION_STAGES } from '@scrutineer/contracts';
import type { DatabaseHandle } from '../db/database.js';

interface StageRow {
  stage: string;
  queued: number;
  running: number;
  oldest: number | null;
  done_last_minute: number;
  wait_avg: number | null;
}
interface WorkerRow {
  id: string;
  role: string;
  age: number;
  busy: number;
  slots: number;
  batches_done: number;
  stopping: boolean;
}
interface QueueRow {
  name: string;
  state: string;
  n: number;
}

const STAGE_SQL = `
  SELECT o.operation AS stage,
    count(*) FILTER (WHERE b.status = 'queued' AND o.status = 'RUNNING')::int AS queued,
    count(*) FILTER (WHERE b.status = 'running' AND o.status = 'RUNNING')::int AS running,
    extract(epoch FROM now() - min(b.queued_at) FILTER (WHERE b.status = 'queued' AND o.status = 'RUNNING'))::float AS oldest,
    count(*) FILTER (WHERE b.status = 'done' AND b.finished_at > now() - interval '60 seconds')::int AS done_last_minute,
    extract(epoch FROM avg(b.claimed_at - b.queued_at) FILTER (WHERE b.claimed_at > now() - interval '5 minutes'))::float AS wait_avg
  FROM operation_batches b JOIN job_operations o ON o.id = b.operation_row_id AND o.operation_id = b.run_id
  WHERE b.status IN ('queued', 'running') OR b.finished_at > now() - interval '60 seconds'
     OR b.claimed_at > now() - interval '5 minutes'
  GROUP BY o.operation`;

const WORKER_SQL = `
  SELECT id, role, extract(epoch FROM now() - heartbeat_at)::float AS age, busy, slots,
    batches_done, stopping FROM pipeline_workers`;

const QUEUE_SQL = `
  SELECT name, state, count(*)::int AS n FROM pgboss.job
  WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`;

/**
 * The pipeline as the shared database sees it, read when Prometheus scrapes: every API instance
 * reports the same cluster-wide figures (aggregate them with max, not sum). Workers need no
 * port of their own for these. Answers their registry (one per app) and the function that reads them before each scrape.
 */
export function createPipelineMetrics(
  database: () => DatabaseHandle,
  options: { staleSeconds: number },
): { registry: client.Registry; refresh: () => Promise<void> } {
  const registry = new client.Registry();
  const stageGauge = (name: string, help: string) =>
    new client.Gauge({ name, help, labelNames: ['stage'] as const, registers: [registry] });
  const depth = stageGauge(
    'scrutineer_pipeline_queue_depth',
    'Batches waiting for a worker, by stage',
  );
  const running = stageGauge('scrutineer_pipeline_batches_running', 'Batches being run, by stage');
  const age = stageGauge(
    'scrutineer_pipeline_queue_oldest_seconds',
    'How long the oldest waiting batch has waited, by stage (0 when none waits)',
  );
  const rate = stageGauge(
    'scrutineer_pipeline_batches_per_second',
    'Batches finished over the last minute, per second, by stage',
  );
  const wait = stageGauge(
    'scrutineer_pipeline_queue_wait_seconds',
    'Mean time from queued to claimed of the batches claimed in the last 5 minutes, by stage',
  );
  const workerLabels = ['worker', 'role'] as const;
  const heartbeat = new client.Gauge({
    name: 'scrutineer_pipeline_worker_heartbeat_age_seconds',
    help: 'Seconds since each live worker last reported',
    labelNames: workerLabels,
    registers: [registry],
  });
  const busy = new client.Gauge({
    name: 'scrutineer_pipeline_worker_busy_slots',
    help: 'Batch handlers of each worker that hold a batch',
    labelNames: workerLabels,
    registers: [registry],
  });
  const workersDone = new client.Gauge({
    name: 'scrutineer_pipeline_worker_batches_done',
    help: 'Batches each worker has finished since it started',
    labelNames: workerLabels,
    registers: [registry],
  });
  const alive = new client.Gauge({
    name: 'scrutineer_pipeline_workers_alive',
    help: 'Workers that reported within PIPELINE_STALE_SECONDS, by role',
    labelNames: ['role'] as const,
    registers: [registry],
  });
  const jobs = new client.Gauge({
    name: 'scrutineer_queue_jobs',
    help: 'Jobs in the pg-boss queue, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const readSeconds = new client.Gauge({
    name: 'scrutineer_pipeline_metrics_read_seconds',
    help: 'Time the database took to answer the pipeline figures of this scrape',
    registers: [registry],
  });
  const readable = new client.Gauge({
    name: 'scrutineer_pipeline_metrics_up',
    help: '1 when the pipeline figures of this scrape could be read from the database',
    registers: [registry],
  });
  const refresh = async () => {
    try {
      await read();
      readable.set(1);
    } catch {
      readable.set(0);
    }
  };
  return { registry, refresh };

  async function read() {
    const started = performance.now();
    const db = database();
    const stages = (await db.executeSql(STAGE_SQL)).rows as StageRow[];
    for (const gauge of [depth, running, age, rate, wait]) gauge.reset();
    for (const stage of OPERATION_STAGES) {
      const row = stages.find((r) => r.stage === stage);
      depth.set({ stage }, row?.queued ?? 0);
      running.set({ stage }, row?.running ?? 0);
      age.set({ stage }, row?.oldest ?? 0);
      rate.set({ stage }, (row?.done_last_minute ?? 0) / 60);
      wait.set({ stage }, row?.wait_avg ?? 0);
    }
    const workers = (await db.executeSql(WORKER_SQL)).rows as WorkerRow[];
    for (const gauge of [heartbeat, busy, workersDone, alive]) gauge.reset();
    for (const role of ['api', 'worker']) alive.set({ role }, 0);
    for (const w of workers) {
      const labels = { worker: w.id, role: w.role };
      heartbeat.set(labels, w.age);
      busy.set(labels, w.busy);
      workersDone.set(labels, w.batches_done);
      if (w.age <= options.staleSeconds && !w.stopping) alive.inc({ role: w.role });
    }
    jobs.reset();
    // The queue's tables exist once any process has started it.
    const queued = await db.executeSql(QUEUE_SQL).then(
      (r) => r.rows as QueueRow[],
      () => [],
    );
    for (const q of queued) jobs.set({ queue: q.name, state: q.state }, q.n);
    readSeconds.set((performance.now() - started) / 1000);
  }
}
