import { and, eq, sql } from 'drizzle-orm';
import {
  auditJobMembers,
  auditJobs,
  electionMembers,
  elections,
  jobPermissions,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type ElectionRow = typeof elections.$inferSelect;
export type NewElection = typeof elections.$inferInsert;

export interface ElectionWithMembership {
  election: ElectionRow;
  memberRole: string | null;
  lastAccessedAt: Date | null;
  /** Whether the user may open one of the election's audit jobs without an election role. */
  viaJob?: boolean;
}

export interface JobViewer {
  userId: number;
  fullAuth: boolean;
  testJob: boolean;
}

/**
 * Whether one of the election's jobs is open to the viewer through the job itself: a job role,
 * the Admin's per-job permission, or full authorisation (test jobs only with test_job).
 */
const viaJobSql = (viewer: JobViewer) => sql<boolean>`exists (
  select 1 from ${auditJobs} j
  where j.election_id = ${elections.id}
    and (not j.is_test or ${viewer.testJob})
    and (${viewer.fullAuth}
      or exists (select 1 from ${jobPermissions} p where p.job_id = j.id and p.user_id = ${viewer.userId})
      or exists (select 1 from ${auditJobMembers} m where m.job_id = j.id and m.user_id = ${viewer.userId}
        and (m.role <> 'Observer' or ${elections.privacy} = 'Open'))))`;

/** An election with the user's membership (role and access date) when they have one. */
export async function findElectionFor(
  db: Executor,
  id: number,
  viewer: JobViewer,
): Promise<ElectionWithMembership | null> {
  const userId = viewer.userId;
  const [row] = await db
    .select({
      election: elections,
      memberRole: electionMembers.role,
      lastAccessedAt: electionMembers.lastAccessedAt,
      viaJob: viaJobSql(viewer),
    })
    .from(elections)
    .leftJoin(
      electionMembers,
      and(eq(electionMembers.electionId, elections.id), eq(electionMembers.userId, userId)),
    )
    .where(eq(elections.id, id))
    .limit(1);
  return row ?? null;
}

export async function findElectionByAddress(
  db: Executor,
  address: string,
): Promise<ElectionRow | null> {
  const [row] = await db
    .select()
    .from(elections)
    .where(sql`lower(${elections.address}) = ${address.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function insertElection(db: Executor, values: NewElection): Promise<ElectionRow> {
  const [row] = await db.insert(elections).values(values).returning();
  if (!row) throw new Error('Election insert returned no row');
  return row;
}

export async function updateElection(
  db: Executor,
  id: number,
  values: Partial<NewElection>,
): Promise<void> {
  await db
    .update(elections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(elections.id, id));
}

/** Deletes the election; its memberships go with it (ON DELETE CASCADE). */
export async function deleteElection(db: Executor, id: number): Promise<void> {
  await db.delete(elections).where(eq(elections.id, id));
}

/** Records that the member opened the election: the list's Access Date. */
export async function touchElectionAccess(
  db: Executor,
  electionId: number,
  userId: number,
): Promise<Date | null> {
  const [row] = await db
    .update(electionMembers)
    .set({ lastAccessedAt: new Date() })
    .where(and(eq(electionMembers.electionId, electionId), eq(electionMembers.userId, userId)))
    .returning({ lastAccessedAt: electionMembers.lastAccessedAt });
  return row?.lastAccessedAt ?? null;
}
