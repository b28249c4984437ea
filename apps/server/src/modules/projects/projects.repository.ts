import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  electionMembers,
  elections,
  manualDonations,
  payments,
  projects,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = typeof projects.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listProjectRows(
  db: Executor,
  filter: { search?: string | undefined; activeOnly: boolean; publicOnly: boolean },
): Promise<ProjectRow[]> {
  const where: SQL[] = [];
  if (filter.activeOnly) where.push(eq(projects.active, true));
  if (filter.publicOnly) where.push(eq(projects.availability, 'Public'));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where.push(
      or(
        ilike(projects.name, pattern),
        ilike(projects.description, pattern),
        ilike(projects.state, pattern),
      ) as SQL,
    );
  }
  return db
    .select()
    .from(projects)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(projects.name));
}

/** By id when the reference is all digits, otherwise by name without regard to case. */
export async function findProjectByRef(db: Executor, ref: string): Promise<ProjectRow | null> {
  const condition = /^\d{1,9}$/.test(ref)
    ? eq(projects.id, Number(ref))
    : sql`lower(${projects.name}) = lower(${ref})`;
  return (await db.select().from(projects).where(condition))[0] ?? null;
}

export async function findProjectById(db: Executor, id: number): Promise<ProjectRow | null> {
  return (await db.select().from(projects).where(eq(projects.id, id)))[0] ?? null;
}

export async function findProjectByName(db: Executor, name: string): Promise<ProjectRow | null> {
  return (
    (
      await db
        .select()
        .from(projects)
        .where(sql`lower(${projects.name}) = lower(${name})`)
    )[0] ?? null
  );
}

export async function insertProject(db: Executor, values: ProjectInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('Project insert returned nothing');
  return row;
}

export async function updateProjectRow(
  db: Executor,
  id: number,
  values: Partial<ProjectInsert>,
): Promise<void> {
  await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id));
}

/** Moves the received total by `cents` in one statement, so concurrent gifts all count. */
export async function addReceived(db: Executor, id: number, cents: number): Promise<number> {
  const [row] = await db
    .update(projects)
    .set({ receivedCents: sql`${projects.receivedCents} + ${cents}` })
    .where(eq(projects.id, id))
    .returning({ receivedCents: projects.receivedCents });
  return row?.receivedCents ?? 0;
}

/** Election ids per project, read from the elections that name the projects. */
export async function electionIdsByProject(
  db: Executor,
  projectIds: number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (projectIds.length === 0) return result;
  const rows = await db
    .select({ id: elections.id, projectIds: elections.projectIds })
    .from(elections)
    .where(
      sql`${elections.projectIds} && ARRAY[${sql.join(
        projectIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::integer[]`,
    )
    .orderBy(asc(elections.id));
  for (const row of rows) {
    for (const projectId of row.projectIds) {
      if (!projectIds.includes(projectId)) continue;
      result.set(projectId, [...(result.get(projectId) ?? []), row.id]);
    }
  }
  return result;
}

export async function countElections(db: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elections)
    .where(inArray(elections.id, ids));
  return row?.n ?? 0;
}

/** Makes exactly `electionIds` name the project in their `project_ids`. */
export async function setProjectElections(
  db: Executor,
  projectId: number,
  electionIds: number[],
): Promise<void> {
  const listed = electionIds.length
    ? sql`${elections.id} IN (${sql.join(
        electionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  await db
    .update(elections)
    .set({ projectIds: sql`array_remove(${elections.projectIds}, ${projectId})` })
    .where(and(sql`${projectId} = ANY(${elections.projectIds})`, sql`NOT (${listed})`));
  if (electionIds.length === 0) return;
  await db
    .update(elections)
    .set({ projectIds: sql`array_append(${elections.projectIds}, ${projectId})` })
    .where(and(listed, sql`NOT (${projectId} = ANY(${elections.projectIds}))`));
}

export async function listProjectElections(db: Executor, projectId: number, userId: number | null) {
  return db
    .select({
      election: elections,
      memberRole: electionMembers.role,
    })
    .from(elections)
    .leftJoin(
      electionMembers,
      and(
        eq(electionMembers.electionId, elections.id),
        userId === null ? sql`false` : eq(electionMembers.userId, userId),
      ),
    )
    .where(sql`${projectId} = ANY(${elections.projectIds})`)
    .orderBy(desc(elections.date), asc(elections.id));
}

export async function listDonors(db: Executor, projectId: number, search: string | undefined) {
  const where: SQL[] = [
    eq(payments.projectId, projectId),
    eq(payments.kind, 'project'),
    eq(payments.access, 1),
  ];
  const text = search?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    where.push(or(ilike(payments.name, pattern), ilike(payments.state, pattern)) as SQL);
  }
  return db
    .select({ amountCents: payments.amountCents, name: payments.name, state: payments.state })
    .from(payments)
    .where(and(...where))
    .orderBy(desc(payments.id));
}

export type ManualDonationRow = typeof manualDonations.$inferSelect;

export async function insertManualDonation(
  db: Executor,
  values: typeof manualDonations.$inferInsert,
): Promise<ManualDonationRow> {
  const [row] = await db.insert(manualDonations).values(values).returning();
  if (!row) throw new Error('Donation insert returned nothing');
  return row;
}

export async function listManualDonations(db: Executor, projectId: number) {
  return db
    .select()
    .from(manualDonations)
    .where(eq(manualDonations.projectId, projectId))
    .orderBy(desc(manualDonations.id));
}
