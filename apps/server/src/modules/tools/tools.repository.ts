import { and, desc, eq, isNull } from 'drizzle-orm';
import { actionTools, toolRuns } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type ToolRow = typeof actionTools.$inferSelect;
export type ToolRunRow = typeof toolRuns.$inferSelect;

export const listTools = (db: Executor, jobId: number | null) =>
  db
    .select()
    .from(actionTools)
    .where(jobId === null ? isNull(actionTools.jobId) : eq(actionTools.jobId, jobId))
    .orderBy(actionTools.id);

export async function findTool(db: Executor, id: number, jobId: number | null) {
  const [row] = await db
    .select()
    .from(actionTools)
    .where(
      and(
        eq(actionTools.id, id),
        jobId === null ? isNull(actionTools.jobId) : eq(actionTools.jobId, jobId),
      ),
    );
  return row ?? null;
}

export async function latestRun(db: Executor, toolId: number): Promise<ToolRunRow | null> {
  const [row] = await db
    .select()
    .from(toolRuns)
    .where(eq(toolRuns.toolId, toolId))
    .orderBy(desc(toolRuns.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findRun(db: Executor, id: string): Promise<ToolRunRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db.select().from(toolRuns).where(eq(toolRuns.id, id));
  return row ?? null;
}
