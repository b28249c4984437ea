import { and, asc, eq, lt, ne } from 'drizzle-orm';
import { jobAttachments, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type AttachmentRow = typeof jobAttachments.$inferSelect;
export interface AttachmentWithEmail {
  attachment: AttachmentRow;
  email: string | null;
}

const columns = { attachment: jobAttachments, email: users.email };

/** A job's saved attachments (those with a description), oldest first. */
export const listAttachments = (db: Executor, jobId: number): Promise<AttachmentWithEmail[]> =>
  db
    .select(columns)
    .from(jobAttachments)
    .leftJoin(users, eq(users.id, jobAttachments.uploadedBy))
    .where(and(eq(jobAttachments.jobId, jobId), ne(jobAttachments.description, '')))
    .orderBy(asc(jobAttachments.id));

export async function findAttachment(
  db: Executor,
  id: number,
): Promise<AttachmentWithEmail | null> {
  const [row] = await db
    .select(columns)
    .from(jobAttachments)
    .leftJoin(users, eq(users.id, jobAttachments.uploadedBy))
    .where(eq(jobAttachments.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertAttachment(db: Executor, values: typeof jobAttachments.$inferInsert) {
  const [row] = await db.insert(jobAttachments).values(values).returning();
  if (!row) throw new Error('Attachment insert returned no row');
  return row;
}

export async function describeAttachment(db: Executor, id: number, description: string) {
  await db.update(jobAttachments).set({ description }).where(eq(jobAttachments.id, id));
}

export async function deleteAttachment(db: Executor, id: number): Promise<void> {
  await db.delete(jobAttachments).where(eq(jobAttachments.id, id));
}

/** Uploads never described that are older than `before` (the attachment sweep's candidates). */
export const listUndescribed = (db: Executor, before: Date) =>
  db
    .select({ id: jobAttachments.id })
    .from(jobAttachments)
    .where(and(eq(jobAttachments.description, ''), lt(jobAttachments.createdAt, before)))
    .orderBy(asc(jobAttachments.id));

/** Deletes the attachment only while it is still undescribed; answers the deleted row. */
export async function deleteIfUndescribed(db: Executor, id: number) {
  const [row] = await db
    .delete(jobAttachments)
    .where(and(eq(jobAttachments.id, id), eq(jobAttachments.description, '')))
    .returning();
  return row ?? null;
}
