import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { uploads, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;
export type UploadKind = 'set' | 'direct' | 'requested' | 'general';

export interface UploadWithUploader {
  upload: UploadRow;
  uploader: { firstName: string; lastName: string } | null;
}

export interface OwnerRef {
  type: 'election' | 'district';
  id: number;
}

const withUploader = {
  upload: uploads,
  uploader: { firstName: users.firstName, lastName: users.lastName },
};

export const ownerColumn = (owner: OwnerRef) =>
  owner.type === 'election' ? eq(uploads.electionId, owner.id) : eq(uploads.districtId, owner.id);

export async function insertUpload(db: Executor, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('Upload insert returned no row');
  return row;
}

export async function findUpload(db: Executor, id: number): Promise<UploadWithUploader | null> {
  const [row] = await db
    .select(withUploader)
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.uploadedBy))
    .where(eq(uploads.id, id))
    .limit(1);
  return row ?? null;
}

export async function listUploads(
  db: Executor,
  where: { owner?: OwnerRef; kinds: UploadKind[]; requestId?: number },
): Promise<UploadWithUploader[]> {
  return db
    .select(withUploader)
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.uploadedBy))
    .where(
      and(
        inArray(uploads.kind, where.kinds),
        where.owner ? ownerColumn(where.owner) : undefined,
        where.requestId !== undefined ? eq(uploads.requestId, where.requestId) : undefined,
      ),
    )
    .orderBy(desc(uploads.createdAt), desc(uploads.id));
}

export async function updateUpload(
  db: Executor,
  id: number,
  values: Partial<NewUpload>,
): Promise<void> {
  await db
    .update(uploads)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(uploads.id, id));
}

export async function deleteUpload(db: Executor, id: number): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/** Whether another row still points at the stored object (an adopted set shares it). */
export async function isKeyShared(db: Executor, key: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.storageKey, key), ne(uploads.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Uploads still in progress whose row has not changed since `before`. */
export async function listStaleUploading(
  db: Executor,
  before: Date,
  kind?: UploadRow['kind'],
): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.status, 'Uploading'),
        lt(uploads.updatedAt, before),
        kind ? eq(uploads.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(uploads.id))
    .limit(500);
}

export const countUploading = sql<number>`count(*) filter (where ${uploads.status} = 'Uploading')::int`;

/** Unfinished general uploads started from one address: how many, and their declared bytes. */
export async function openGeneralUploads(db: Executor, address: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${uploads.fileSize}), 0)::text`,
    })
    .from(uploads)
    .where(
      and(
        eq(uploads.kind, 'general'),
        eq(uploads.status, 'Uploading'),
        eq(uploads.clientAddress, address),
      ),
    );
  return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
}
