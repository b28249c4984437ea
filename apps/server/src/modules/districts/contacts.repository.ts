import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactListQuerySchema } from '@scrutineer/contracts';
import { districtContacts } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type ContactRow = typeof districtContacts.$inferSelect;
export type NewContact = typeof districtContacts.$inferInsert;
type ContactListQuery = z.infer<typeof contactListQuerySchema>;

const SORT_COLUMNS: Record<ContactListQuery['sort'], SQL> = {
  name: sql`lower(${districtContacts.name})`,
  title: sql`lower(${districtContacts.title})`,
  email: sql`lower(${districtContacts.email})`,
  date: sql`${districtContacts.date}`,
  updated_at: sql`${districtContacts.updatedAt}`,
  created_at: sql`${districtContacts.createdAt}`,
};

export async function listContacts(db: Executor, districtId: number, query: ContactListQuery) {
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(districtContacts.districtId, districtId),
    pattern
      ? or(
          ilike(districtContacts.name, pattern),
          ilike(districtContacts.title, pattern),
          ilike(districtContacts.email, pattern),
        )
      : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(districtContacts)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(districtContacts.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(districtContacts)
      .where(where),
  ]);
  return { rows, total: count?.count ?? 0 };
}

/** A contact, found only through its district. */
export async function findContact(
  db: Executor,
  districtId: number,
  id: number,
): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(districtContacts)
    .where(and(eq(districtContacts.districtId, districtId), eq(districtContacts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertContact(db: Executor, values: NewContact): Promise<ContactRow> {
  const [row] = await db.insert(districtContacts).values(values).returning();
  if (!row) throw new Error('Contact insert returned no row');
  return row;
}

export async function updateContact(
  db: Executor,
  id: number,
  values: Partial<NewContact>,
): Promise<ContactRow | null> {
  const [row] = await db
    .update(districtContacts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(districtContacts.id, id))
    .returning();
  return row ?? null;
}

export async function deleteContact(db: Executor, id: number): Promise<void> {
  await db.delete(districtContacts).where(eq(districtContacts.id, id));
}
