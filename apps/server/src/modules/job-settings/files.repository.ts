import { and, asc, eq, inArray } from 'drizzle-orm';
import { ADOPTED_FILE_TYPES } from '@scrutineer/contracts';
import { jobFiles, uploads } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type JobFileRow = typeof jobFiles.$inferSelect;
export type NewJobFile = typeof jobFiles.$inferInsert;

export const listJobFiles = (db: Executor, jobId: number) =>
  db.select().from(jobFiles).where(eq(jobFiles.jobId, jobId)).orderBy(asc(jobFiles.id));

export async function findJobFile(
  db: Executor,
  jobId: number,
  fileName: string,
): Promise<JobFileRow | null> {
  const [row] = await db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.fileName, fileName)))
    .limit(1);
  return row ?? null;
}

export async function findJobFileOfType(
  db: Executor,
  jobId: number,
  fileType: string,
): Promise<JobFileRow | null> {
  const [row] = await db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.fileType, fileType)))
    .limit(1);
  return row ?? null;
}

export async function insertJobFile(db: Executor, values: NewJobFile): Promise<JobFileRow> {
  const [row] = await db.insert(jobFiles).values(values).returning();
  if (!row) throw new Error('Job file insert returned no row');
  return row;
}

export async function updateJobFile(
  db: Executor,
  id: number,
  values: Partial<NewJobFile>,
): Promise<JobFileRow> {
  const [row] = await db.update(jobFiles).set(values).where(eq(jobFiles.id, id)).returning();
  if (!row) throw new Error('Job file update returned no row');
  return row;
}

export async function deleteJobFile(db: Executor, id: number): Promise<void> {
  await db.delete(jobFiles).where(eq(jobFiles.id, id));
}

/**
 * The election file sets a job adopts: its election's finished sets of type BIA, CVR or BSM.
 * Read from the uploads table, which the uploads module writes.
 */
export const listAdoptedElectionFiles = (db: Executor, electionId: number) =>
  db
    .select({
      id: uploads.id,
      fileName: uploads.fileName,
      fileType: uploads.fileType,
      size: uploads.size,
      etag: uploads.etag,
      storageKey: uploads.storageKey,
      updatedAt: uploads.updatedAt,
    })
    .from(uploads)
    .where(
      and(
        eq(uploads.electionId, electionId),
        eq(uploads.kind, 'set'),
        inArray(uploads.status, ['Uploaded', 'Adopted']),
        inArray(uploads.fileType, [...ADOPTED_FILE_TYPES]),
      ),
    )
    .orderBy(asc(uploads.id));
export type AdoptedElectionFile = Awaited<ReturnType<typeof listAdoptedElectionFiles>>[number];
