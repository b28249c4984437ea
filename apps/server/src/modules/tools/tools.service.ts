import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  OPERATION_MESSAGES as M,
  MESSAGES,
  OPERATION_STATUSES,
  canResetStatus,
  mapPolledStatus,
  toolOperandsSchema,
  toolSettingsSchema,
  type ComputeStatus,
  type OperationLink,
  type OperationStatus,
  type PolledStatus,
  type Tool,
  type ToolAddBody,
  type ToolExecuteBody,
  type ToolOperands,
} from '@scrutineer/contracts';
import { actionTools, toolRuns } from '../../db/schema.js';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { canRunJob, loadJob } from '../audit-jobs/index.js';
import { QUEUES, signFileLink, type PipelineRuntime } from '../operations/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { checkOperands, toolFunction } from './tools.registry.js';
import {
  findRun,
  findTool,
  latestRun,
  listTools,
  type ToolRow,
  type ToolRunRow,
} from './tools.repository.js';

export interface ToolsContext {
  deps: AppDeps;
  runtime: PipelineRuntime;
}

/** A job's tools: members see them, its Auditor changes and runs them; global tools: Admin. */
async function access(ctx: ToolsContext, user: UserRow, jobId: number | null | undefined) {
  if (!jobId) {
    if (!isAdmin(user)) throw forbidden(MESSAGES.adminOnly);
    return { jobId: null, address: 'tools', canRun: true };
  }
  const loaded = await loadJob(ctx.deps.database.db, user, jobId);
  return { jobId, address: loaded.row.job.address, canRun: canRunJob(user, loaded) };
}

interface StoredOutputs {
  reports?: [string, string][];
  downloads?: [string, string][];
}

const links = (secret: string, run: ToolRunRow, which: 'reports' | 'downloads'): OperationLink[] =>
  ((run.outputs as StoredOutputs)[which] ?? []).map(([text, key]) => {
    const slash = key.lastIndexOf('/');
    const folder = slash < 0 ? run.folder : `${run.folder}/${key.slice(0, slash)}`;
    return { text, url: signFileLink(secret, folder, key.slice(slash + 1)) };
  });

const runLog = (run: ToolRunRow) => `/api/logs/operation-logs/${run.id}/`;

function presentTool(
  secret: string,
  row: ToolRow,
  latest: ToolRunRow | null,
  canRun: boolean,
): Tool {
  // A reset row is ready again, with no operation_id, as though it had never run.
  const run = latest?.resetAt ? null : latest;
  const status = (run?.status ?? 'unbuilt-ready') as OperationStatus;
  return {
    row_number: row.id,
    job_id: row.jobId,
    function_name: row.functionName,
    script: row.script,
    api_entry: row.apiEntry,
    api_operands: row.apiOperands as ToolOperands,
    help_text: row.helpText,
    status,
    percent: status === 'SUCCESS' ? 100 : (run?.percent ?? 0),
    reports: run && status !== 'FAILURE' ? links(secret, run, 'reports') : [],
    downloads: run && status === 'SUCCESS' ? links(secret, run, 'downloads') : [],
    operation_id: run?.id ?? null,
    logs: run ? runLog(run) : '',
    can: {
      run: canRun && status !== 'RUNNING',
      stop: status === 'RUNNING',
      reset: canRun && canResetStatus(status, true),
      edit: canRun,
      delete: canRun,
    },
  };
}

export async function listJobTools(ctx: ToolsContext, user: UserRow, jobId?: number) {
  const { jobId: id, canRun } = await access(ctx, user, jobId);
  const db = ctx.deps.database.db;
  const rows = await listTools(db, id);
  const items = [];
  for (const row of rows)
    items.push(presentTool(ctx.deps.linkSecret, row, await latestRun(db, row.id), canRun));
  return { items, can: { add: canRun } };
}

function parseSettings(settings: ToolAddBody['settings']) {
  let value: unknown = settings;
  if (typeof settings === 'string') {
    try {
      value = JSON.parse(settings);
    } catch {
      throw badRequest(M.toolFieldsRequired);
    }
  }
  const parsed = toolSettingsSchema.safeParse(value);
  if (!parsed.success) throw badRequest(M.toolFieldsRequired);
  let operands: unknown = parsed.data.api_operands;
  if (typeof operands === 'string') {
    try {
      operands = JSON.parse(operands);
    } catch {
      throw badRequest(M.toolOperandsInvalid('Must be JSON.'));
    }
  }
  const ops = toolOperandsSchema.safeParse(operands);
  if (!ops.success) throw badRequest(M.toolOperandsInvalid('Must be a JSON object naming op.'));
  const fn = toolFunction(ops.data.op);
  if (!fn || fn.function_name !== parsed.data.function_name)
    throw badRequest(M.unknownToolFunction(parsed.data.function_name));
  return { ...parsed.data, api_operands: ops.data };
}

export async function saveTool(
  ctx: ToolsContext,
  user: UserRow,
  body: ToolAddBody & { row_number?: number },
) {
  const { jobId, canRun } = await access(ctx, user, body.job_id);
  if (!canRun) throw forbidden(M.auditorOnlyRun);
  const settings = parseSettings(body.settings);
  const db = ctx.deps.database.db;
  const values = {
    functionName: settings.function_name,
    script: settings.script,
    apiEntry: settings.api_entry,
    apiOperands: settings.api_operands,
    helpText: settings.help_text,
  };
  const row = await db.transaction(async (tx) => {
    let saved: ToolRow | undefined;
    if (body.row_number) {
      if (!(await findTool(tx, body.row_number, jobId))) throw notFound(M.toolNotFound);
      [saved] = await tx
        .update(actionTools)
        .set(values)
        .where(eq(actionTools.id, body.row_number))
        .returning();
    } else {
      [saved] = await tx
        .insert(actionTools)
        .values({ ...values, jobId, createdBy: user.id })
        .returning();
    }
    if (!saved) throw notFound(M.toolNotFound);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'action_tool',
      subjectId: saved.id,
      action: body.row_number ? 'update' : 'create',
      data: { jobId, functionName: values.functionName },
    });
    return saved;
  });
  return {
    message: M.toolSaved,
    tool: presentTool(ctx.deps.linkSecret, row, await latestRun(db, row.id), canRun),
  };
}

export async function deleteTool(
  ctx: ToolsContext,
  user: UserRow,
  body: { job_id?: number | null; row_number: number },
) {
  const { jobId, canRun } = await access(ctx, user, body.job_id);
  if (!canRun) throw forbidden(M.auditorOnlyRun);
  const db = ctx.deps.database.db;
  if (!(await findTool(db, body.row_number, jobId))) throw notFound(M.toolNotFound);
  await db.transaction(async (tx) => {
    await tx.delete(actionTools).where(eq(actionTools.id, body.row_number));
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'action_tool',
      subjectId: body.row_number,
      action: 'delete',
      data: { jobId },
    });
  });
  return { message: M.toolDeleted };
}

/** Runs a registered tool function on the queue with its operands checked. */
export async function executeTool(ctx: ToolsContext, user: UserRow, body: ToolExecuteBody) {
  const fn = toolFunction(body.op);
  if (!fn) throw badRequest(M.unknownToolFunction(body.op));
  if (fn.needs_job && !body.job_id) throw badRequest('job_id: Required.');
  const { jobId, address, canRun } = await access(ctx, user, body.job_id);
  if (!canRun) throw forbidden(M.auditorOnlyRun);
  const { op, user_id: _userId, username: _username, row_number: rowNumber, ...operands } = body;
  const problem = checkOperands(fn, operands);
  if (problem) throw badRequest(M.toolOperandsInvalid(problem));
  const db = ctx.deps.database.db;
  const tool = rowNumber ? await findTool(db, rowNumber, jobId) : null;
  if (rowNumber && !tool) throw notFound(M.toolNotFound);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(toolRuns).values({
      id,
      toolId: tool?.id ?? null,
      jobId,
      op,
      operands,
      status: 'RUNNING',
      folder: `${address}/tools/${id}`,
      startedBy: user.id,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'tool_run',
      subjectId: id,
      action: 'run',
      data: { jobId, op, operands },
    });
  });
  const queue = await ctx.runtime.start();
  await queue.send(QUEUES.tool, { runId: id }, { id });
  return { message: M.launched, operation_id: id };
}

async function loadRun(ctx: ToolsContext, user: UserRow, id: string) {
  const run = await findRun(ctx.deps.database.db, id);
  if (!run) throw notFound(M.operationNotFound);
  const { canRun } = await access(ctx, user, run.jobId);
  return { run, canRun };
}

export async function toolStatus(
  ctx: ToolsContext,
  user: UserRow,
  id: string,
): Promise<ComputeStatus> {
  const { run } = await loadRun(ctx, user, id);
  let raw: PolledStatus = run.status as OperationStatus;
  if (run.status === 'RUNNING') {
    const state = await ctx.runtime.queueState(QUEUES.tool, run.id);
    if (state === 'created' || state === 'retry') raw = 'PENDING';
  } else if (run.status === 'STOPPED') raw = 'REVOKED';
  const secret = ctx.deps.linkSecret;
  return {
    operation_id: run.id,
    status: mapPolledStatus(raw),
    raw_status: raw,
    percent: run.status === 'SUCCESS' ? 100 : run.percent,
    result: run.result,
    logs: runLog(run),
    reports: run.status === 'FAILURE' ? [] : links(secret, run, 'reports'),
    downloads: run.status === 'SUCCESS' ? links(secret, run, 'downloads') : [],
  };
}

/** Stops a running tool: anyone who may see the job. */
export async function stopTool(ctx: ToolsContext, user: UserRow, id: string) {
  const { run } = await loadRun(ctx, user, id);
  const [stopped] = await ctx.deps.database.db
    .update(toolRuns)
    .set({ status: 'STOPPED', result: 'Stopped.', finishedAt: new Date() })
    .where(and(eq(toolRuns.id, run.id), eq(toolRuns.status, 'RUNNING')))
    .returning();
  if (!stopped) throw conflict(M.notRunning(run.op));
  await ctx.runtime.cancelTool(run.id);
  return { message: M.stopped };
}

/**
 * Reset in the tool view (spec part 3 §4): the latest run of a tool row, once STOPPED, FAILURE
 * or SUCCESS, no longer shows; the row is unbuilt-ready with no operation_id. The run itself
 * stays as it ended (its status, log and outputs by its id). The job's Auditor; global: Admin.
 */
export async function resetTool(ctx: ToolsContext, user: UserRow, id: string) {
  const { run, canRun } = await loadRun(ctx, user, id);
  if (!canRun) throw forbidden(M.auditorOnlyReset);
  const db = ctx.deps.database.db;
  const tool = run.toolId ? await findTool(db, run.toolId, run.jobId) : null;
  if (!tool || (await latestRun(db, tool.id))?.id !== run.id || run.resetAt)
    throw conflict(M.toolRunNotShown);
  const reset = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(toolRuns)
      .set({ resetAt: new Date() })
      .where(
        and(
          eq(toolRuns.id, run.id),
          isNull(toolRuns.resetAt),
          inArray(
            toolRuns.status,
            OPERATION_STATUSES.filter((s) => canResetStatus(s, true)),
          ),
        ),
      )
      .returning();
    if (!row) throw conflict(M.toolNotResettable(tool.functionName));
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'tool_run',
      subjectId: run.id,
      action: 'reset',
      data: { jobId: run.jobId, toolId: tool.id, op: run.op, status: run.status },
    });
    return row;
  });
  return { message: M.reset, tool: presentTool(ctx.deps.linkSecret, tool, reset, canRun) };
}
