import os from 'node:os';
import { eq, lt, sql } from 'drizzle-orm';
import { pipelineWorkers } from '../../db/schema.js';
import type { Database } from '../../platform/db/database.js';

/** Rows of workers silent this long are removed: long enough for an operator to notice. */
const FORGET_AFTER = '1 hour';

/**
 * A worker's row in `pipeline_workers`: written when its handlers start, beaten while it runs,
 * marked stopping on SIGTERM and deleted when it has stopped cleanly. A crashed worker's row
 * stays, ageing, until the sweep forgets it.
 */
export class WorkerPresence {
  private timer: NodeJS.Timeout | null = null;
  busy = 0;
  done = 0;

  constructor(
    private readonly db: () => Database,
    readonly id: string,
    private readonly info: { role: 'api' | 'worker'; slots: number; everyMs: number },
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.db()
      .insert(pipelineWorkers)
      .values({ id: this.id, host: os.hostname(), pid: process.pid, ...this.pick() })
      .onConflictDoNothing();
    this.timer = setInterval(() => void this.beat().catch(this.onError), this.info.everyMs);
    this.timer.unref();
  }

  private pick() {
    return { role: this.info.role, slots: this.info.slots, busy: this.busy };
  }

  async beat(extra: { stopping?: boolean } = {}): Promise<void> {
    await this.db()
      .update(pipelineWorkers)
      .set({ busy: this.busy, batchesDone: this.done, heartbeatAt: new Date(), ...extra })
      .where(eq(pipelineWorkers.id, this.id));
  }

  async leave(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db().delete(pipelineWorkers).where(eq(pipelineWorkers.id, this.id));
  }

  /** Forgets workers that have been silent for an hour (they crashed or were killed). */
  async forgetSilent(): Promise<void> {
    await this.db()
      .delete(pipelineWorkers)
      .where(lt(pipelineWorkers.heartbeatAt, sql`now() - ${FORGET_AFTER}::interval`));
  }
}
