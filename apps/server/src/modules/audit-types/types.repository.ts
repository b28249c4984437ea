import { asc, eq } from 'drizzle-orm';
import { argGroups, argSpecs, auditTypes } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type AuditTypeRow = typeof auditTypes.$inferSelect;
export type ArgGroupRow = typeof argGroups.$inferSelect;
export type ArgSpecRow = typeof argSpecs.$inferSelect;
export type NewArgSpec = typeof argSpecs.$inferInsert;

export const listAuditTypes = (db: Executor) =>
  db.select().from(auditTypes).orderBy(asc(auditTypes.createdAt), asc(auditTypes.id));

export async function findAuditType(db: Executor, id: string): Promise<AuditTypeRow | null> {
  const [row] = await db.select().from(auditTypes).where(eq(auditTypes.id, id)).limit(1);
  return row ?? null;
}

export async function insertAuditType(db: Executor, values: typeof auditTypes.$inferInsert) {
  const [row] = await db.insert(auditTypes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateAuditType(
  db: Executor,
  id: string,
  values: Partial<typeof auditTypes.$inferInsert>,
) {
  const [row] = await db
    .update(auditTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(auditTypes.id, id))
    .returning();
  return row ?? null;
}

export async function deleteAuditType(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(auditTypes).where(eq(auditTypes.id, id)).returning();
  return rows.length > 0;
}

/** Groups of an audit type (all types when none is named) with their arguments, in order. */
export async function listGroupsWithArgs(db: Executor, auditTypeId?: string) {
  const groups = await db
    .select()
    .from(argGroups)
    .where(auditTypeId ? eq(argGroups.auditTypeId, auditTypeId) : undefined)
    .orderBy(asc(argGroups.position), asc(argGroups.id));
  const args = await db
    .select({ arg: argSpecs })
    .from(argSpecs)
    .innerJoin(argGroups, eq(argGroups.id, argSpecs.groupId))
    .where(auditTypeId ? eq(argGroups.auditTypeId, auditTypeId) : undefined)
    .orderBy(asc(argSpecs.position), asc(argSpecs.id));
  return groups.map((group) => ({
    group,
    args: args.filter((a) => a.arg.groupId === group.id).map((a) => a.arg),
  }));
}

export async function findGroup(db: Executor, id: number): Promise<ArgGroupRow | null> {
  const [row] = await db.select().from(argGroups).where(eq(argGroups.id, id)).limit(1);
  return row ?? null;
}

export async function insertGroup(db: Executor, values: typeof argGroups.$inferInsert) {
  const [row] = await db.insert(argGroups).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateGroup(
  db: Executor,
  id: number,
  values: Partial<typeof argGroups.$inferInsert>,
) {
  const [row] = await db.update(argGroups).set(values).where(eq(argGroups.id, id)).returning();
  return row ?? null;
}

export async function deleteGroup(db: Executor, id: number): Promise<boolean> {
  return (await db.delete(argGroups).where(eq(argGroups.id, id)).returning()).length > 0;
}

export async function listGroupArgs(db: Executor, groupId: number): Promise<ArgSpecRow[]> {
  return db
    .select()
    .from(argSpecs)
    .where(eq(argSpecs.groupId, groupId))
    .orderBy(asc(argSpecs.position), asc(argSpecs.id));
}

export async function findArg(db: Executor, id: number): Promise<ArgSpecRow | null> {
  const [row] = await db.select().from(argSpecs).where(eq(argSpecs.id, id)).limit(1);
  return row ?? null;
}

export async function insertArg(db: Executor, values: NewArgSpec) {
  const [row] = await db.insert(argSpecs).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateArg(db: Executor, id: number, values: Partial<NewArgSpec>) {
  const [row] = await db.update(argSpecs).set(values).where(eq(argSpecs.id, id)).returning();
  return row ?? null;
}

export async function deleteArg(db: Executor, id: number): Promise<boolean> {
  return (await db.delete(argSpecs).where(eq(argSpecs.id, id)).returning()).length > 0;
}
