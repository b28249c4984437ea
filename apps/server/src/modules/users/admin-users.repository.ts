import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { UserRow } from './users.repository.js';

const likePattern = (search: string) => `%${search.replace(/[%_\\]/g, '\\$&')}%`;

/** Active or inactive people, never system accounts, by name; search matches names and e-mail. */
export async function listUsersByStatus(
  db: Executor,
  options: { active: boolean; search?: string | undefined; page: number; pageSize: number },
): Promise<{ items: UserRow[]; total: number }> {
  const pattern = options.search ? likePattern(options.search) : undefined;
  const where = and(
    eq(users.active, options.active),
    eq(users.isSystem, false),
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { items, total: total?.count ?? 0 };
}

export async function deleteUserRow(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
