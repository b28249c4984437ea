import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.js';

/** The queue's view of one job it hands a worker. */
export interface QueueJob<T> {
  id: string;
  data: T;
}

export interface Queue {
  send<T extends object>(name: string, data: T, options?: { id?: string }): Promise<string>;
  /** Sends many jobs in one statement (a plan's batches). */
  sendMany<T extends object>(name: string, items: T[]): Promise<void>;
  /** Runs `slots` handlers side by side on `name`; each takes one job at a time. */
  work<T>(name: string, slots: number, handler: (job: QueueJob<T>) => Promise<void>): Promise<void>;
  cancel(name: string, id: string): Promise<void>;
  /** pg-boss's state of a job (created, retry, active, completed, cancelled, failed), or null. */
  state(name: string, id: string): Promise<string | null>;
  /** Jobs waiting on `name` (created or retry): a round trip that proves the queue answers. */
  size(name: string): Promise<number>;
  /** Stops handing jobs to this process's handlers; jobs they hold run on. */
  stopTaking(): Promise<void>;
  stop(): Promise<void>;
}

export const QUEUE_SCHEMA = 'pgboss';

/** A NOTIFY on this channel names a queue that was sent work: its handlers fetch at once. */
export const QUEUE_WORK_CHANNEL = 'scrutineer_queue_work';
/**
 * Handlers also look for work this often: a backstop for a wake-up missed (a listener that
 * reconnects). Woken handlers start within milliseconds; idle ones cost a fetch per period.
 */
const POLLING_SECONDS = 2;

/**
 * pg-boss on the app's database: on PostgreSQL through its own pool, on PGlite through the
 * handle's executeSql (one embedded connection, so workers run inside this process).
 */
export async function startQueue(
  database: DatabaseHandle,
  names: string[],
  onError: (error: Error) => void,
): Promise<Queue> {
  const common = {
    schema: QUEUE_SCHEMA,
    // Our own heartbeats reclaim stuck work; pg-boss's expiry is only a backstop.
    expireInHours: 12,
    retryLimit: 0,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 120,
  };
  // pg-boss records a handler's end without awaiting it; once the queue has stopped (and the
  // embedded database may be closed) such late writes are dropped instead of rejecting unheard.
  // The pipeline's own heartbeats settle work that ended after the stop.
  let stopped = false;
  const boss =
    database.kind === 'postgres' && database.url
      ? new PgBoss({ ...common, connectionString: database.url, max: 4 })
      : new PgBoss({
          ...common,
          db: {
            executeSql: (text, values) =>
              stopped
                ? Promise.resolve({ rows: [] })
                : database.executeSql(text, values as unknown[]),
          },
        });
  boss.on('error', onError);
  await boss.start();
  for (const name of names) await boss.createQueue(name, { name, policy: 'standard' });
  const workers: { id: string; name: string }[] = [];
  // Every process that sent work tells every process with handlers (and itself), so a job is
  // taken within milliseconds rather than at the next poll; a lost notice costs one poll period.
  const wake = (name: string) =>
    database
      .executeSql(`SELECT pg_notify('${QUEUE_WORK_CHANNEL}', $1)`, [name])
      .catch(() => undefined);
  let unlisten: (() => Promise<void>) | null = null;
  const hear = async () => {
    unlisten ??= await database.listen(QUEUE_WORK_CHANNEL, (name) => {
      for (const worker of workers) if (worker.name === name) boss.notifyWorker(worker.id);
    });
  };
  const stopHearing = async () => {
    const stop = unlisten;
    unlisten = null;
    await stop?.().catch(() => undefined);
  };
  return {
    async send(name, data, options = {}) {
      const id = await boss.send(name, data, options.id ? { id: options.id } : {});
      if (!id) throw new Error(`queue ${name} refused a job`);
      await wake(name);
      return id;
    },
    async sendMany(name, items) {
      if (items.length === 0) return;
      await boss.insert(items.map((data) => ({ name, data })));
      await wake(name);
    },
    async work(name, slots, handler) {
      await hear();
      for (let slot = 0; slot < slots; slot += 1) {
        let id = '';
        id = await boss.work<object>(
          name,
          { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
          async (jobs) => {
            for (const job of jobs) await handler({ id: job.id, data: job.data as never });
            // A handler that finished a job looks for the next at once, not after the period.
            if (id) boss.notifyWorker(id);
          },
        );
        workers.push({ id, name });
      }
    },
    cancel: async (name, id) => {
      await boss.cancel(name, id).catch(() => undefined);
    },
    async state(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
    },
    size: (name) => boss.getQueueSize(name),
    async stopTaking() {
      await stopHearing();
      for (const { id } of workers.splice(0)) await boss.offWork({ id }).catch(() => undefined);
    },
    async stop() {
      await stopHearing();
      for (const { id } of workers.splice(0)) await boss.offWork({ id }).catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
      stopped = true;
    },
  };
}
