import { asc, eq } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import {
  JOB_PROGRESS_EVENTS,
  watchJobSchema,
  type JobProgress,
  type SocketAck,
} from '@scrutineer/contracts';
import { jobOperations } from '../../db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { loadJob } from '../audit-jobs/index.js';
import { PROGRESS_CHANNEL } from './progress.notice.js';

export { notifyProgress, notifyProgressIn } from './progress.notice.js';

/** Changes of one job within this window are read and pushed once. */
const THROTTLE_MS = 250;

export const progressRoom = (jobId: number): string => `job-progress:${jobId}`;

/** When each watch of a socket was last allowed, by job. */
type WatchData = { token?: string; watches?: Map<number, number> };

async function readProgress(deps: AppDeps, jobId: number): Promise<JobProgress> {
  const rows = await deps.database.db
    .select()
    .from(jobOperations)
    .where(eq(jobOperations.jobId, jobId))
    .orderBy(asc(jobOperations.position));
  return {
    job_id: jobId,
    operations: rows.map((row) => ({
      id: row.id,
      operation: row.operation as JobProgress['operations'][number]['operation'],
      status: row.status as JobProgress['operations'][number]['status'],
      percent: row.percent,
      operation_id: row.operationId,
      batches_done: row.batchesDone,
      batches_total: row.batchesTotal,
    })),
  };
}

/**
 * Progress pushed to open job pages. A page asks to watch a job it may open; each API instance
 * hears the pipeline's NOTIFY itself, reads the job's stages once (only when someone watches
 * that job on it) and pushes them to its own watchers, so a thousand watchers cost the
 * database what one does. Answers the function that stops listening.
 */
export async function attachProgressSocket(
  io: Server,
  auth: Authenticator,
  deps: AppDeps,
): Promise<() => Promise<void>> {
  const pending = new Map<number, NodeJS.Timeout>();
  const recheckMs = deps.config.PROGRESS_RECHECK_SECONDS * 1000;
  const watched = (jobId: number) => io.of('/').adapter.rooms.has(progressRoom(jobId));
  const allow = async (socket: Socket, jobId: number) => {
    const data = socket.data as WatchData;
    const user = await auth.identifyToken(data.token ?? '');
    await loadJob(deps.database.db, user, jobId);
    (data.watches ??= new Map()).set(jobId, Date.now());
  };
  // Watches last allowed longer ago than the setting are asked again before the push: a
  // refused one leaves the job's room; a refused token ends the connection.
  const recheck = async (jobId: number) => {
    const ids = io.of('/').adapter.rooms.get(progressRoom(jobId)) ?? new Set<string>();
    const due = [...ids]
      .map((id) => io.of('/').sockets.get(id))
      .filter((socket): socket is Socket => {
        const at = (socket?.data as WatchData | undefined)?.watches?.get(jobId) ?? 0;
        return socket !== undefined && Date.now() - at >= recheckMs;
      });
    await Promise.all(
      due.map((socket) =>
        allow(socket, jobId).catch(async (error: unknown) => {
          // A database hiccup is not a refusal: the watch is asked again at the next push.
          if (!(error instanceof AppError)) return;
          (socket.data as WatchData).watches?.delete(jobId);
          await socket.leave(progressRoom(jobId));
          if (error.code === 'unauthorized') socket.disconnect(true);
        }),
      ),
    );
  };
  const push = async (jobId: number) => {
    if (!watched(jobId)) return;
    await recheck(jobId);
    if (!watched(jobId)) return;
    const progress = await readProgress(deps, jobId);
    io.local.to(progressRoom(jobId)).emit(JOB_PROGRESS_EVENTS.progress, progress);
  };
  const unlisten = await deps.database.listen(PROGRESS_CHANNEL, (payload) => {
    const jobId = Number(payload);
    if (!Number.isInteger(jobId) || pending.has(jobId) || !watched(jobId)) return;
    const timer = setTimeout(() => {
      pending.delete(jobId);
      push(jobId).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'job progress push failed'),
      );
    }, THROTTLE_MS);
    pending.set(jobId, timer);
  });

  io.on('connection', (socket) => {
    socket.on(JOB_PROGRESS_EVENTS.watch, (payload: unknown, ack?: unknown) => {
      const reply = (answer: SocketAck) => {
        if (typeof ack === 'function') (ack as (answer: SocketAck) => void)(answer);
      };
      void (async () => {
        const parsed = watchJobSchema.safeParse(payload);
        if (!parsed.success) return reply({ ok: false, error: 'job_id: a job id is required' });
        try {
          await allow(socket, parsed.data.job_id);
          await socket.join(progressRoom(parsed.data.job_id));
          socket.emit(JOB_PROGRESS_EVENTS.progress, await readProgress(deps, parsed.data.job_id));
          reply({ ok: true });
        } catch (error) {
          // A job the person may not open is answered as missing, as the API does.
          reply({ ok: false, error: error instanceof AppError ? error.message : 'Not found.' });
        }
      })();
    });
    socket.on(JOB_PROGRESS_EVENTS.unwatch, (payload: unknown) => {
      const parsed = watchJobSchema.safeParse(payload);
      if (!parsed.success) return;
      (socket.data as WatchData).watches?.delete(parsed.data.job_id);
      void socket.leave(progressRoom(parsed.data.job_id));
    });
  });

  return async () => {
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
    await unlisten();
  };
}
