import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { memberListQuerySchema } from '@scrutineer/contracts';
import { electionMembers, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

type MemberListQuery = z.infer<typeof memberListQuerySchema>;
export type MembershipRow = typeof electionMembers.$inferSelect;

export interface MemberWithUser {
  member: MembershipRow;
  user: { id: number; firstName: string; lastName: string; email: string; pending: boolean };
}

const memberColumns = {
  member: electionMembers,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    pending: sql<boolean>`(${users.passwordHash} is null)`,
  },
};

const SORT_COLUMNS: Record<MemberListQuery['sort'], SQL> = {
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  email: sql`lower(${users.email})`,
  role: sql`${electionMembers.role}`,
  status: sql`(${users.passwordHash} is null)`,
  created_at: sql`${electionMembers.createdAt}`,
};

export async function addMember(
  db: Executor,
  electionId: number,
  userId: number,
  role: string,
): Promise<MembershipRow> {
  const [row] = await db.insert(electionMembers).values({ electionId, userId, role }).returning();
  if (!row) throw new Error('Member insert returned no row');
  return row;
}

export async function findMemberById(db: Executor, id: number): Promise<MemberWithUser | null> {
  const [row] = await db
    .select(memberColumns)
    .from(electionMembers)
    .innerJoin(users, eq(users.id, electionMembers.userId))
    .where(eq(electionMembers.id, id))
    .limit(1);
  return row ?? null;
}

export async function findMembership(
  db: Executor,
  electionId: number,
  userId: number,
): Promise<MembershipRow | null> {
  const [row] = await db
    .select()
    .from(electionMembers)
    .where(and(eq(electionMembers.electionId, electionId), eq(electionMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listMembers(db: Executor, electionId: number, query: MemberListQuery) {
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(electionMembers.electionId, electionId),
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select(memberColumns)
      .from(electionMembers)
      .innerJoin(users, eq(users.id, electionMembers.userId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(electionMembers.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(electionMembers)
      .innerJoin(users, eq(users.id, electionMembers.userId))
      .where(where),
  ]);
  return { rows, total: count?.count ?? 0 };
}

export async function updateMemberRole(db: Executor, id: number, role: string): Promise<void> {
  await db.update(electionMembers).set({ role }).where(eq(electionMembers.id, id));
}

export async function deleteMember(db: Executor, id: number): Promise<void> {
  await db.delete(electionMembers).where(eq(electionMembers.id, id));
}
