import { and, eq, sql, type SQL } from 'drizzle-orm';
import { districtMembers, districts } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type DistrictRow = typeof districts.$inferSelect;
export type NewDistrict = typeof districts.$inferInsert;

export async function findDistrict(db: Executor, id: number): Promise<DistrictRow | null> {
  const [row] = await db.select().from(districts).where(eq(districts.id, id)).limit(1);
  return row ?? null;
}

export async function findDistrictByName(db: Executor, name: string): Promise<DistrictRow | null> {
  const [row] = await db
    .select()
    .from(districts)
    .where(sql`lower(${districts.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function insertDistrict(db: Executor, values: NewDistrict): Promise<DistrictRow> {
  const [row] = await db.insert(districts).values(values).returning();
  if (!row) throw new Error('District insert returned no row');
  return row;
}

export async function updateDistrict(
  db: Executor,
  id: number,
  values: Partial<NewDistrict>,
): Promise<DistrictRow | null> {
  const [row] = await db
    .update(districts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(districts.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the district; its contacts and memberships go with it (ON DELETE CASCADE). */
export async function deleteDistrict(db: Executor, id: number): Promise<void> {
  await db.delete(districts).where(eq(districts.id, id));
}

export async function addDistrictMember(
  db: Executor,
  districtId: number,
  userId: number,
  role: string,
): Promise<void> {
  await db.insert(districtMembers).values({ districtId, userId, role });
}

/** The caller's district role; null when not a member. */
export async function findDistrictMemberRole(
  db: Executor,
  districtId: number,
  userId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ role: districtMembers.role })
    .from(districtMembers)
    .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Whether the user belongs to an election of the district (which lets them see it). */
export function electionMemberOf(districtId: SQL | number, userId: number): SQL {
  return sql`exists (select 1 from elections e join election_members em on em.election_id = e.id
    where e.district_id = ${districtId} and em.user_id = ${userId})`;
}
