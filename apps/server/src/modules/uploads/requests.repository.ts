import { desc, eq } from 'drizzle-orm';
import { districts, elections, uploadRequests } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { OwnerRef } from './uploads.repository.js';

export type RequestRow = typeof uploadRequests.$inferSelect;
export type NewRequest = typeof uploadRequests.$inferInsert;

export async function insertRequest(db: Executor, values: NewRequest): Promise<RequestRow> {
  const [row] = await db.insert(uploadRequests).values(values).returning();
  if (!row) throw new Error('Request insert returned no row');
  return row;
}

export async function findRequest(db: Executor, id: number): Promise<RequestRow | null> {
  const [row] = await db.select().from(uploadRequests).where(eq(uploadRequests.id, id)).limit(1);
  return row ?? null;
}

export async function listRequests(db: Executor, owner: OwnerRef): Promise<RequestRow[]> {
  const column = owner.type === 'election' ? uploadRequests.electionId : uploadRequests.districtId;
  return db
    .select()
    .from(uploadRequests)
    .where(eq(column, owner.id))
    .orderBy(desc(uploadRequests.id));
}

/** Every request with its election's or district's name and place (the Admin table). */
export async function listAllRequests(db: Executor) {
  return db
    .select({ request: uploadRequests, election: elections, district: districts })
    .from(uploadRequests)
    .leftJoin(elections, eq(elections.id, uploadRequests.electionId))
    .leftJoin(districts, eq(districts.id, uploadRequests.districtId))
    .orderBy(desc(uploadRequests.id));
}

export async function updateRequest(db: Executor, id: number, values: Partial<NewRequest>) {
  await db
    .update(uploadRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(uploadRequests.id, id));
}

export async function deleteRequest(db: Executor, id: number): Promise<void> {
  await db.delete(uploadRequests).where(eq(uploadRequests.id, id));
}
