import { desc, eq, inArray } from 'drizzle-orm';
import { auditJobs, jobPermissionRequests, jobPermissions, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type NewJobPermission = typeof jobPermissions.$inferInsert;
export type PermissionRequestRow = typeof jobPermissionRequests.$inferSelect;

export async function listUserPermissions(db: Executor, userId: number) {
  return db
    .select({ permission: jobPermissions, jobName: auditJobs.name })
    .from(jobPermissions)
    .innerJoin(auditJobs, eq(auditJobs.id, jobPermissions.jobId))
    .where(eq(jobPermissions.userId, userId))
    .orderBy(jobPermissions.jobId);
}

/** Replaces every per-job permission of a user. */
export async function replaceUserPermissions(
  db: Executor,
  userId: number,
  rows: NewJobPermission[],
): Promise<void> {
  await db.delete(jobPermissions).where(eq(jobPermissions.userId, userId));
  if (rows.length > 0) await db.insert(jobPermissions).values(rows);
}

/** Adds or replaces one job's permission for a user. */
export async function upsertPermission(db: Executor, row: NewJobPermission): Promise<void> {
  await db
    .insert(jobPermissions)
    .values(row)
    .onConflictDoUpdate({
      target: [jobPermissions.userId, jobPermissions.jobId],
      set: { ...row, updatedAt: new Date() },
    });
}

export async function existingJobIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: auditJobs.id })
    .from(auditJobs)
    .where(inArray(auditJobs.id, ids));
  return new Set(rows.map((r) => r.id));
}

const requestColumns = {
  request: jobPermissionRequests,
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};
export type RequestWithUser = {
  request: PermissionRequestRow;
  user: { id: number; email: string; firstName: string; lastName: string };
};

export async function listRequests(db: Executor, userId?: number): Promise<RequestWithUser[]> {
  return db
    .select(requestColumns)
    .from(jobPermissionRequests)
    .innerJoin(users, eq(users.id, jobPermissionRequests.userId))
    .where(userId ? eq(jobPermissionRequests.userId, userId) : undefined)
    .orderBy(desc(jobPermissionRequests.id))
    .limit(1000);
}

export async function findRequest(db: Executor, id: number): Promise<RequestWithUser | null> {
  const [row] = await db
    .select(requestColumns)
    .from(jobPermissionRequests)
    .innerJoin(users, eq(users.id, jobPermissionRequests.userId))
    .where(eq(jobPermissionRequests.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertRequest(db: Executor, userId: number, jobIds: number[]) {
  const [row] = await db.insert(jobPermissionRequests).values({ userId, jobIds }).returning();
  if (!row) throw new Error('Permission request insert returned no row');
  return row;
}

export async function answerRequest(
  db: Executor,
  id: number,
  answeredBy: number,
  answers: PermissionRequestRow['jobPermission'],
): Promise<void> {
  await db
    .update(jobPermissionRequests)
    .set({ jobPermission: answers, status: 'Answered', answeredBy, updatedAt: new Date() })
    .where(eq(jobPermissionRequests.id, id));
}

export async function jobNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: auditJobs.id, name: auditJobs.name })
    .from(auditJobs)
    .where(inArray(auditJobs.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
