import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditJobListQuery } from '@scrutineer/contracts';
import {
  auditJobMembers,
  auditJobs,
  chatMessageFiles,
  chatMessages,
  chatRooms,
  districts,
  electionMembers,
  elections,
  jobAttachments,
  jobFiles,
  jobOperations,
  jobPermissions,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type AuditJobRow = typeof auditJobs.$inferSelect;
export type NewAuditJob = typeof auditJobs.$inferInsert;
export type JobPermissionRow = typeof jobPermissions.$inferSelect;

/** A job with its election and what the viewer holds on it. */
export interface JobWithAccess {
  job: AuditJobRow;
  election: typeof elections.$inferSelect;
  jobRole: string | null;
  electionRole: string | null;
  permission: JobPermissionRow | null;
  users: number[];
  /** The statuses of the job's stages in pipeline order; its Status follows from them. */
  stages: string[];
}

export interface Viewer {
  userId: number;
  isAdmin: boolean;
  fullAuth: boolean;
  testJob: boolean;
}

const memberIds = sql<
  number[]
>`coalesce((select array_agg(m.user_id order by m.user_id) from ${auditJobMembers} m where m.job_id = ${auditJobs.id}), '{}'::integer[])`;

const stageStatuses = sql<
  string[]
>`coalesce((select array_agg(o.status order by o.position) from ${jobOperations} o where o.job_id = ${auditJobs.id}), '{}'::text[])`;

/** The Status sort: the words jobStatusOf gives, worked out in SQL (null until a stage has run). */
const statusSort = sql`(select case
    when bool_or(o.status = 'RUNNING') then 'RUNNING'
    when bool_or(o.status = 'FAILURE') then 'FAILURE'
    when bool_or(o.status = 'STOPPED') then 'STOPPED'
    when bool_or(o.status = 'built-new') then 'built-new'
    when bool_or(o.status = 'PROBLEMS') then 'PROBLEMS'
    when bool_and(o.status in ('built', 'SUCCESS')) then 'SUCCESS'
    when bool_or(o.status in ('built', 'SUCCESS')) then 'built'
    else null end
  from ${jobOperations} o where o.job_id = ${auditJobs.id})`;

function baseSelect(db: Executor, userId: number) {
  return db
    .select({
      job: auditJobs,
      election: elections,
      jobRole: auditJobMembers.role,
      electionRole: electionMembers.role,
      permission: jobPermissions,
      users: memberIds,
      stages: stageStatuses,
    })
    .from(auditJobs)
    .innerJoin(elections, eq(elections.id, auditJobs.electionId))
    .leftJoin(
      auditJobMembers,
      and(eq(auditJobMembers.jobId, auditJobs.id), eq(auditJobMembers.userId, userId)),
    )
    .leftJoin(
      electionMembers,
      and(eq(electionMembers.electionId, auditJobs.electionId), eq(electionMembers.userId, userId)),
    )
    .leftJoin(
      jobPermissions,
      and(eq(jobPermissions.jobId, auditJobs.id), eq(jobPermissions.userId, userId)),
    );
}

export async function findJobFor(
  db: Executor,
  id: number,
  userId: number,
): Promise<JobWithAccess | null> {
  const [row] = await baseSelect(db, userId).where(eq(auditJobs.id, id)).limit(1);
  return row ?? null;
}

/** Jobs the viewer may open: as Admin or fullAuth, by a per-job permission, or by a role that the privacy rule lets in. */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin || viewer.fullAuth) return undefined;
  const role = sql`coalesce(${auditJobMembers.role}, ${electionMembers.role})`;
  return sql`(${jobPermissions.id} is not null or (${role} is not null and (${role} <> 'Observer' or ${elections.privacy} = 'Open')))`;
}

const escapeLike = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

function listFilters(viewer: Viewer, query: AuditJobListQuery): SQL | undefined {
  const electionId = query.election_id ?? query.electionId;
  const search = query.search ? escapeLike(query.search) : undefined;
  const district = query.districtName ? escapeLike(query.districtName) : undefined;
  return and(
    visibleTo(viewer),
    eq(auditJobs.isTest, query.test),
    electionId ? eq(auditJobs.electionId, electionId) : undefined,
    search
      ? sql`(${auditJobs.name} ilike ${search} or ${auditJobs.description} ilike ${search} or ${elections.name} ilike ${search})`
      : undefined,
    district
      ? sql`exists (select 1 from ${districts} d where d.id = ${elections.districtId} and (d.name ilike ${district} or d.district_name ilike ${district}))`
      : undefined,
  );
}

const sortColumns: Record<AuditJobListQuery['sort'], SQL> = {
  name: sql`lower(${auditJobs.name})`,
  election: sql`lower(${elections.name})`,
  status: sql`coalesce(${statusSort}, ${auditJobs.status})`,
  role: sql`coalesce(${auditJobMembers.role}, ${electionMembers.role})`,
  created_at: sql`${auditJobs.createdAt}`,
  lastUpdated: sql`${auditJobs.lastUpdated}`,
};

export async function listJobs(
  db: Executor,
  viewer: Viewer,
  query: AuditJobListQuery,
): Promise<{ rows: JobWithAccess[]; total: number }> {
  const where = listFilters(viewer, query);
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const rows = await baseSelect(db, viewer.userId)
    .where(where)
    .orderBy(sql`${sortColumns[query.sort]} ${direction} nulls last`, sql`${auditJobs.id} desc`)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditJobs)
    .innerJoin(elections, eq(elections.id, auditJobs.electionId))
    .leftJoin(
      auditJobMembers,
      and(eq(auditJobMembers.jobId, auditJobs.id), eq(auditJobMembers.userId, viewer.userId)),
    )
    .leftJoin(
      electionMembers,
      and(
        eq(electionMembers.electionId, auditJobs.electionId),
        eq(electionMembers.userId, viewer.userId),
      ),
    )
    .leftJoin(
      jobPermissions,
      and(eq(jobPermissions.jobId, auditJobs.id), eq(jobPermissions.userId, viewer.userId)),
    )
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Active jobs on elections that are not Closed: what donors and permission requesters see. */
export async function listPublicJobs(db: Executor, id?: number) {
  return db
    .select({ job: auditJobs, election: elections, stages: stageStatuses })
    .from(auditJobs)
    .innerJoin(elections, eq(elections.id, auditJobs.electionId))
    .where(
      and(
        eq(auditJobs.active, true),
        eq(auditJobs.isTest, false),
        sql`${elections.privacy} <> 'Closed'`,
        id ? eq(auditJobs.id, id) : undefined,
      ),
    )
    .orderBy(auditJobs.id)
    .limit(id ? 1 : 1000);
}

export async function insertJob(db: Executor, values: NewAuditJob): Promise<AuditJobRow> {
  const [row] = await db.insert(auditJobs).values(values).returning();
  if (!row) throw new Error('Audit job insert returned no row');
  return row;
}

export async function updateJob(
  db: Executor,
  id: number,
  values: Partial<NewAuditJob>,
): Promise<void> {
  await db
    .update(auditJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(auditJobs.id, id));
}

export async function deleteJob(db: Executor, id: number): Promise<void> {
  await db.delete(auditJobs).where(eq(auditJobs.id, id));
}

export async function addJobMember(
  db: Executor,
  jobId: number,
  userId: number,
  role: string,
): Promise<void> {
  await db
    .insert(auditJobMembers)
    .values({ jobId, userId, role })
    .onConflictDoUpdate({
      target: [auditJobMembers.jobId, auditJobMembers.userId],
      set: { role },
    });
}

/** Storage keys of everything a job holds, to remove from the store after the job goes. */
export async function listJobBlobKeys(db: Executor, jobId: number): Promise<string[]> {
  const [files, attachments, messageFiles] = await Promise.all([
    db.select({ key: jobFiles.storageKey }).from(jobFiles).where(eq(jobFiles.jobId, jobId)),
    db
      .select({ key: jobAttachments.storageKey })
      .from(jobAttachments)
      .where(eq(jobAttachments.jobId, jobId)),
    // The rooms' message files: their rows go with the job by cascade, the bytes do not.
    db
      .select({ key: chatMessageFiles.storageKey })
      .from(chatMessageFiles)
      .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .where(eq(chatRooms.jobId, jobId)),
  ]);
  return [...files, ...attachments, ...messageFiles].map((r) => r.key);
}
