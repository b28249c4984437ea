import {
  JOB_CONTROL_LABELS,
  canResetStatus,
  isBuilt,
  jobControlStatus,
  showsDownloads,
  showsReports,
  shownPercent,
  type Operation,
  type OperationLink,
  type OperationStage,
  type OperationStatus,
} from '@scrutineer/contracts';
import type { BlobJobStore } from './pipeline-store.js';
import { signFileLink } from './operation-files.js';
import type { OperationRow } from './operations.repository.js';
import { STAGE_DOWNLOADS, STAGE_REPORTS, stageInfo } from './operations.stages.js';

export const operationName = (row: { jobId: number; operation: string }) =>
  `${row.jobId}_${row.operation}`;
export const operationLogUrl = (row: { jobId: number; operation: string }) =>
  `/api/logs/operation-logs/${operationName(row)}/log.txt`;

const stageLogReport = (stage: OperationStage): [string, string] => [
  'Log (text)',
  `logs/operation-logs/${stage}/log.txt`,
];

export interface PresentContext {
  canRun: boolean;
  secret: string;
  store: BlobJobStore;
}

/** A signed link to a stage file the caller knows exists. */
function linkTo(ctx: PresentContext, text: string, key: string): OperationLink {
  const slash = key.indexOf('/');
  return {
    text,
    url: signFileLink(
      ctx.secret,
      `${ctx.store.prefix}/${key.slice(0, slash)}`,
      key.slice(slash + 1),
    ),
  };
}

async function links(
  ctx: PresentContext,
  stage: OperationStage,
  wanted: [string, string][] | undefined,
): Promise<OperationLink[]> {
  const found: OperationLink[] = [];
  for (const [text, key] of wanted ?? [])
    if (await ctx.store.exists(key)) found.push(linkTo(ctx, text, key));
  return found;
}

/** A stage's log, or while a stage that fans out has no joined log, its batches' logs. */
async function logReports(ctx: PresentContext, stage: OperationStage): Promise<OperationLink[]> {
  const main = await links(ctx, stage, [stageLogReport(stage)]);
  if (main.length > 0) return main;
  const batches: [number, string][] = [];
  for await (const object of ctx.store.list(`logs/operation-logs/${stage}/batches/`)) {
    const number = Number(/(\d+)\.txt$/.exec(object.key)?.[1]);
    if (Number.isFinite(number)) batches.push([number, object.key]);
  }
  batches.sort((a, b) => a[0] - b[0]);
  // Listed, so they exist: no request per log (a polled page asks for these every second).
  return batches
    .slice(0, MAX_BATCH_LOGS)
    .map(([n, key]) => linkTo(ctx, `Log of batch ${n} (text)`, key));
}

const MAX_BATCH_LOGS = 50;

/**
 * What a running stage's reports and logs are, asked of the store at most once per run, batches
 * done and few seconds in each API instance: clients that poll a running stage (every half
 * second, some of them) would otherwise cost four store requests a poll. Reports appear when
 * the batches are joined and batch logs when a batch ends, so a list is at most that old; a
 * stage that ended is looked up afresh.
 */
const RUNNING_LINKS_MS = 5000;
const runningLinks = new Map<string, { at: number; links: Promise<OperationLink[]> }>();

function reportsWhileRunning(
  row: OperationRow,
  ctx: PresentContext,
  stage: OperationStage,
): Promise<OperationLink[]> {
  const key = `${ctx.store.prefix}:${row.operationId ?? ''}:${row.batchesDone}`;
  const now = Date.now();
  const found = runningLinks.get(key);
  if (found && now - found.at < RUNNING_LINKS_MS) return found.links;
  const listed = (async () => [
    ...(await links(ctx, stage, STAGE_REPORTS[stage])),
    ...(await logReports(ctx, stage)),
  ])();
  for (const [old, entry] of runningLinks)
    if (now - entry.at >= RUNNING_LINKS_MS) runningLinks.delete(old);
  runningLinks.set(key, { at: now, links: listed });
  listed.catch(() => runningLinks.delete(key));
  return listed;
}

export async function presentOperation(row: OperationRow, ctx: PresentContext): Promise<Operation> {
  const status = row.status as OperationStatus;
  const stage = row.operation as OperationStage;
  const info = stageInfo(stage);
  const built = isBuilt(status);
  return {
    id: row.id,
    job_id: row.jobId,
    operation: stage,
    name: operationName(row),
    label: JOB_CONTROL_LABELS[stage],
    description: info.description,
    help: info.help,
    group_id: row.groupId,
    status,
    control_status: jobControlStatus(status),
    running: status === 'RUNNING',
    percent: shownPercent(status, row.percent),
    result: row.result,
    operation_id: row.operationId,
    logs: status === 'unbuilt-notready' || status === 'None' ? '' : operationLogUrl(row),
    reports: !showsReports(status)
      ? []
      : status === 'RUNNING'
        ? await reportsWhileRunning(row, ctx, stage)
        : [
            ...(await links(ctx, stage, STAGE_REPORTS[stage])),
            // Before a stage is built its log is what it has to show (a STOPPED stage keeps it).
            ...(built ? [] : await logReports(ctx, stage)),
          ],
    downloads: showsDownloads(status) ? await links(ctx, stage, STAGE_DOWNLOADS[stage]) : [],
    batches:
      row.batchesTotal && row.batchesTotal > 0
        ? { done: row.batchesDone, total: row.batchesTotal }
        : null,
    needs: info.needs,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    can: {
      run: ctx.canRun && status === 'unbuilt-ready',
      stop: status === 'RUNNING',
      reset: ctx.canRun && canResetStatus(status),
      refresh: ctx.canRun && built,
      rerun: ctx.canRun && built,
      logs: status !== 'unbuilt-notready',
    },
  };
}
