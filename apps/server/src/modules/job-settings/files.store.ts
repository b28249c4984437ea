import { createHash } from 'node:crypto';
import { JOB_FILE_MESSAGES } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { AppDeps } from '../../platform/deps.js';
import { conflict } from '../../platform/errors.js';
import { newBlobKey } from '../../platform/storage/index.js';
import { insertJobFile, updateJobFile, type JobFileRow } from './files.repository.js';

export interface FileToStore {
  jobId: number;
  jobAddress: string;
  fileName: string;
  fileType: string;
  content: Buffer;
  userId: number;
  /** The row being rewritten (edit, rename); its old bytes go once the new ones are in. */
  replaces?: JobFileRow | null;
}

/**
 * Stores a job file's bytes under the job folder, then its row in one transaction; the bytes of
 * a replaced version go after the commit. A second file of the same type or name is refused.
 */
export async function storeJobFile(deps: AppDeps, file: FileToStore): Promise<JobFileRow> {
  const key = newBlobKey(`${file.jobAddress}/files`);
  await deps.blobs.put(key, file.content);
  const head = await deps.blobs.head(key);
  const etag = head?.etag ?? createHash('md5').update(file.content).digest('hex');
  try {
    const row = await deps.database.db.transaction(async (tx) => {
      const values = {
        fileName: file.fileName,
        fileType: file.fileType,
        size: file.content.length,
        etag: etag.replace(/"/g, ''),
        storageKey: key,
        uploadedBy: file.userId,
        lastModified: new Date(),
      };
      const saved = file.replaces
        ? await updateJobFile(tx, file.replaces.id, values)
        : await insertJobFile(tx, { ...values, jobId: file.jobId });
      await recordEvent(tx, {
        actorId: file.userId,
        subjectType: 'job_file',
        subjectId: saved.id,
        action: file.replaces ? 'update' : 'create',
        data: { jobId: file.jobId, fileName: file.fileName, fileType: file.fileType },
      });
      return saved;
    });
    if (file.replaces) await removeBlob(deps, file.replaces.storageKey);
    return row;
  } catch (error) {
    await removeBlob(deps, key);
    if (isUniqueViolation(error)) throw conflict(JOB_FILE_MESSAGES.typeExists);
    throw error;
  }
}

export async function removeBlob(deps: AppDeps, key: string): Promise<void> {
  await deps.blobs.delete(key).catch((error: unknown) => {
    deps.log.warn({ err: error, key }, 'job file bytes left in the store');
  });
}

export async function readBlobText(deps: AppDeps, key: string): Promise<string> {
  const stream = await deps.blobs.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
