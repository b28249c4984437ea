import { and, eq } from 'drizzle-orm';
import { toolRuns } from '../../db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { BlobJobStore, openJobStore, type PipelineRuntime } from '../operations/index.js';
import { ToolStore } from './tool-store.js';
import { toolFunction } from './tools.registry.js';

/** Runs one tool run from the queue: its log and outputs go to the run's folder. */
export async function runTool(deps: AppDeps, runtime: PipelineRuntime, runId: string) {
  const db = deps.database.db;
  const [run] = await db.select().from(toolRuns).where(eq(toolRuns.id, runId));
  if (!run || run.status !== 'RUNNING') return;
  const fn = toolFunction(run.op);
  const out = new BlobJobStore(deps.blobs, run.folder);
  const lines: string[] = [];
  let written = 0;
  let percent = 0;
  const controller = new AbortController();
  const untrack = runtime.track(runId, controller);
  const mine = and(eq(toolRuns.id, runId), eq(toolRuns.status, 'RUNNING'));
  // Log writes go one after another: a heartbeat's write still under way when the run ends
  // would otherwise land after the last one and leave the log without its closing lines.
  let writing = Promise.resolve();
  const writeLog = () => {
    const next = writing.then(() => out.write('log.txt', `${lines.join('\n')}\n`));
    writing = next.catch(() => undefined);
    return next;
  };
  const beat = async () => {
    const [still] = await db
      .update(toolRuns)
      .set({ percent })
      .where(mine)
      .returning({ id: toolRuns.id });
    if (!still) controller.abort();
    if (lines.length !== written) {
      written = lines.length;
      await writeLog();
    }
  };
  const timer = setInterval(() => void beat().catch(() => undefined), runtime.options.heartbeatMs);
  const log = (line: string) => lines.push(line);
  log(`${new Date().toISOString()} INFO ${run.op} started`);
  try {
    if (!fn) throw new Error(`${run.op} is not a registered tool`);
    const base = run.jobId
      ? (await openJobStore(deps, run.jobId)).store
      : new BlobJobStore(deps.blobs, run.folder);
    const outputs = await fn.run({
      store: new ToolStore(base, out),
      operands: run.operands as Record<string, unknown>,
      signal: controller.signal,
      log,
      progress: (p) => {
        percent = p;
      },
    });
    log(`${new Date().toISOString()} INFO ${run.op} done: ${outputs.result}`);
    await writeLog();
    await db
      .update(toolRuns)
      .set({
        status: 'SUCCESS',
        percent: 100,
        result: outputs.result.slice(0, 2000),
        outputs: { reports: outputs.reports, downloads: outputs.downloads },
        finishedAt: new Date(),
      })
      .where(mine);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${new Date().toISOString()} FATAL ${controller.signal.aborted ? 'stopped' : message}`);
    await writeLog().catch(() => undefined);
    await db
      .update(toolRuns)
      .set({ status: 'FAILURE', result: message.slice(0, 2000), finishedAt: new Date() })
      .where(mine);
  } finally {
    clearInterval(timer);
    untrack();
  }
}
