import { randomUUID } from 'node:crypto';
import {
  OPERATION_MESSAGES as M,
  canResetStatus,
  isBuilt,
  mapPolledStatus,
  type OperationLaunchBody,
  type OperationStatus,
  type PolledStatus,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { canRunJob, loadJob, type LoadedJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import { openJobStore } from './job-inputs.js';
import { BlobJobStore, pipelinePrefix } from './pipeline-store.js';
import {
  ensureOperations,
  findOperation,
  listOperations,
  markLaterBuiltNew,
  settleReadiness,
  updateOperation,
  type OperationRow,
} from './operations.repository.js';
import { presentOperation } from './operations.presenter.js';
import type { PipelineRuntime } from './pipeline.runner.js';

const RUN_ID = /^[0-9a-f-]{36}$/;

export interface OperationsContext {
  deps: AppDeps;
  runtime: PipelineRuntime;
}

async function presenterFor(ctx: OperationsContext, user: UserRow, loaded: LoadedJob) {
  // Stages' outputs and logs only: the inputs (whose mapping reads the job's files) are not shown.
  const { job } = loaded.row;
  const store = new BlobJobStore(ctx.deps.blobs, pipelinePrefix(job.address || `jobs/${job.id}`));
  const canRun = canRunJob(user, loaded);
  const present = (row: OperationRow) =>
    presentOperation(row, { canRun, secret: ctx.deps.linkSecret, store });
  return { canRun, present, store };
}

/** The job's stages as operations; rows are made on first look. */
export async function listJobOperations(ctx: OperationsContext, user: UserRow, jobId: number) {
  const db = ctx.deps.database.db;
  const loaded = await loadJob(db, user, jobId);
  await ensureOperations(db, jobId);
  const rows = await listOperations(db, jobId);
  const { canRun, present } = await presenterFor(ctx, user, loaded);
  return {
    items: await Promise.all(rows.map(present)),
    can: { run: canRun, stop: true, reset: canRun },
  };
}

/** An operation through its job: one the caller may not open answers 404. */
async function loadOperation(ctx: OperationsContext, user: UserRow, ref: string) {
  const row = await findOperation(ctx.deps.database.db, ref);
  if (!row) throw notFound(M.operationNotFound);
  const loaded = await loadJob(ctx.deps.database.db, user, row.jobId);
  return { row, loaded };
}

/** Run a ready stage, or force a rerun of a built one (later built stages become built-new). */
export async function launchOperation(
  ctx: OperationsContext,
  user: UserRow,
  body: OperationLaunchBody,
) {
  const db = ctx.deps.database.db;
  const loaded = await loadJob(db, user, body.job_id);
  if (!canRunJob(user, loaded)) throw forbidden(M.auditorOnlyRun);
  await ensureOperations(db, body.job_id);
  const rerun = body.action === 'rerun' || body.force_rebuild;
  const row = await db.transaction(async (tx) => {
    const rows = await listOperations(tx, body.job_id, true);
    const op = rows.find((r) => r.operation === body.operation);
    if (!op) throw notFound(M.operationNotFound);
    const running = rows.find((r) => r.status === 'RUNNING');
    if (running) throw conflict(M.alreadyRunning(running.operation));
    const status = op.status as OperationStatus;
    if (isBuilt(status)) {
      if (!rerun) throw conflict(M.alreadyBuilt(op.operation));
      await markLaterBuiltNew(tx, body.job_id, op.position);
    } else if (status === 'STOPPED' || status === 'FAILURE') {
      throw conflict(M.resetFirst(op.operation, status));
    } else if (status !== 'unbuilt-ready') {
      throw conflict(M.notReady(op.operation));
    }
    const started = await updateOperation(tx, op.id, {
      status: 'RUNNING',
      operationId: randomUUID(),
      percent: 0,
      result: '',
      groupId: body.group_id ?? op.groupId,
      clearResults: body.clear_results,
      batchesTotal: null,
      batchesDone: 0,
      joinClaimed: false,
      startedBy: user.id,
      startedAt: new Date(),
      finishedAt: null,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_operation',
      subjectId: op.id,
      action: rerun && isBuilt(status) ? 'rerun' : 'run',
      data: { jobId: body.job_id, operation: op.operation, operationId: started.operationId },
    });
    return started;
  });
  await ctx.runtime.launch(row);
  const { present } = await presenterFor(ctx, user, loaded);
  return {
    message: M.launched,
    operation_id: row.operationId ?? '',
    operation: await present(row),
  };
}

/** Stop a RUNNING stage: any member who may open the job. */
export async function stopOperation(ctx: OperationsContext, user: UserRow, ref: string) {
  const { row, loaded } = await loadOperation(ctx, user, ref);
  const db = ctx.deps.database.db;
  const stopped = await db.transaction(async (tx) => {
    const [current] = await listOperations(tx, row.jobId, true).then((rows) =>
      rows.filter((r) => r.id === row.id),
    );
    if (!current || current.status !== 'RUNNING') throw conflict(M.notRunning(row.operation));
    const saved = await updateOperation(tx, row.id, {
      status: 'STOPPED',
      result: 'Stopped.',
      finishedAt: new Date(),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_operation',
      subjectId: row.id,
      action: 'stop',
      data: { jobId: row.jobId, operation: row.operation, operationId: row.operationId },
    });
    return saved;
  });
  if (row.operationId) {
    await ctx.runtime.dropQueued(row.operationId);
    await ctx.runtime.cancel(row.operationId);
  }
  const { present } = await presenterFor(ctx, user, loaded);
  return { message: M.stopped, operation: await present(stopped) };
}

/**
 * Reset a STOPPED or FAILURE stage: its operation_id goes and it is ready again (Auditor). A
 * built stage resets too (the older job-control list offers reset on Done rows): its results
 * are no longer shown and every later built stage is out of date (built-new). The spec's one
 * reset call also serves the tool view: a tool run's operation_id resets its row.
 */
export async function resetOperation(ctx: OperationsContext, user: UserRow, ref: string) {
  const stage = await findOperation(ctx.deps.database.db, ref);
  if (!stage && ctx.runtime.toolReset && RUN_ID.test(ref)) return ctx.runtime.toolReset(user, ref);
  const { row, loaded } = await loadOperation(ctx, user, ref);
  if (!canRunJob(user, loaded)) throw forbidden(M.auditorOnlyReset);
  const db = ctx.deps.database.db;
  const reset = await db.transaction(async (tx) => {
    const rows = await listOperations(tx, row.jobId, true);
    const current = rows.find((r) => r.id === row.id);
    const status = current?.status as OperationStatus | undefined;
    if (!current || !status || !(canResetStatus(status) || isBuilt(status)))
      throw conflict(M.notResettable(row.operation));
    if (isBuilt(status)) await markLaterBuiltNew(tx, row.jobId, current.position);
    await updateOperation(tx, row.id, {
      status: 'unbuilt-ready',
      operationId: null,
      percent: 0,
      result: '',
      batchesTotal: null,
      batchesDone: 0,
      joinClaimed: false,
    });
    await settleReadiness(tx, row.jobId);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_operation',
      subjectId: row.id,
      action: 'reset',
      data: { jobId: row.jobId, operation: row.operation },
    });
    const [after] = (await listOperations(tx, row.jobId)).filter((r) => r.id === row.id);
    return after ?? current;
  });
  const { present } = await presenterFor(ctx, user, loaded);
  return { message: M.reset, operation: await present(reset) };
}

/** Forced refresh: a built stage's status re-read from its outputs (Auditor). */
export async function forceRefreshOperation(ctx: OperationsContext, user: UserRow, ref: string) {
  const { row, loaded } = await loadOperation(ctx, user, ref);
  if (!canRunJob(user, loaded)) throw forbidden(M.auditorOnlyRun);
  if (!isBuilt(row.status as OperationStatus)) throw conflict(M.notRefreshable(row.operation));
  const { present, store } = await presenterFor(ctx, user, loaded);
  const hasOutputs = await (async () => {
    for await (const object of store.list(`${row.operation}/`)) return Boolean(object);
    return false;
  })();
  const db = ctx.deps.database.db;
  const saved = await db.transaction(async (tx) => {
    const next: OperationStatus = !hasOutputs
      ? 'unbuilt-ready'
      : row.status === 'built-new'
        ? 'built-new'
        : 'built';
    const updated = await updateOperation(tx, row.id, {
      status: next,
      ...(hasOutputs ? {} : { operationId: null, percent: 0 }),
    });
    await settleReadiness(tx, row.jobId);
    return (await listOperations(tx, row.jobId)).find((r) => r.id === row.id) ?? updated;
  });
  return present(saved);
}

/** A status poll; the queue's PENDING and REVOKED map to RUNNING and STOPPED. */
export async function pollOperation(ctx: OperationsContext, user: UserRow, ref: string) {
  const { row, loaded } = await loadOperation(ctx, user, ref);
  let raw: PolledStatus = row.status as OperationStatus;
  // Only a run not yet planned may still wait on the queue: a planned one needs no queue look-up.
  if (row.status === 'RUNNING' && row.operationId && row.batchesTotal === null) {
    const state = await ctx.runtime.planState(row.operationId);
    if (state === 'created' || state === 'retry') raw = 'PENDING';
  } else if (row.status === 'STOPPED' && row.operationId) {
    raw = 'REVOKED';
  }
  const { present } = await presenterFor(ctx, user, loaded);
  const operation = await present(row);
  return {
    id: row.id,
    operation_id: row.operationId,
    status: mapPolledStatus(raw),
    raw_status: raw,
    percent: operation.percent,
    operation,
  };
}

export async function pipelineStatus(ctx: OperationsContext, user: UserRow, jobId: number) {
  const listed = await listJobOperations(ctx, user, jobId);
  const running = listed.items.filter((op) => op.status === 'RUNNING');
  const { store } = await openJobStore(ctx.deps, jobId);
  let hasInputs = false;
  for await (const object of store.list('input/')) {
    hasInputs = Boolean(object);
    break;
  }
  const all = listed.items.every((op) => isBuilt(op.status));
  const last = [...listed.items].reverse().find((op) => op.status !== 'unbuilt-notready');
  return {
    job_id: jobId,
    status: running.length
      ? 'RUNNING'
      : all
        ? listed.items.some((op) => op.status === 'PROBLEMS')
          ? 'PROBLEMS'
          : 'SUCCESS'
        : (last?.status ?? 'None'),
    pipeline_file: hasInputs,
    stages: listed.items.map((op) => ({
      operation: op.operation,
      status: op.status,
      percent: op.percent,
    })),
    running,
  };
}
