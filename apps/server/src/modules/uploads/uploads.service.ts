import { UPLOAD_MESSAGES, type UploadPart } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { BlobError, newBlobKey } from '../../platform/storage/index.js';
import { checkZipCentralDirectory } from '../../platform/storage/zip-check.js';
import { planParts } from './uploads.plan.js';
import {
  deleteUpload,
  findUpload,
  insertUpload,
  isKeyShared,
  updateUpload,
  type NewUpload,
  type UploadRow,
  type UploadWithUploader,
} from './uploads.repository.js';
import { uploadBytes, uploadsCompleted } from '../../platform/metrics/metrics.js';

export interface StartInput {
  kind: UploadRow['kind'];
  electionId?: number | null;
  districtId?: number | null;
  requestId?: number | null;
  requestName?: string | null;
  fileName: string;
  fileType?: string | null;
  description?: string;
  contentType?: string | undefined;
  fileSize: number;
  chunkSize?: number | undefined;
  chunkCount?: number | undefined;
  state?: string;
  county?: string;
  uploadedBy: number | null;
  clientAddress?: string | null;
}

const keyPrefix = (input: StartInput) =>
  input.electionId
    ? `elections/${input.electionId}/files`
    : input.districtId
      ? `districts/${input.districtId}/files`
      : 'general';

const isSet = (row: UploadRow) => row.kind === 'set';
const isZipName = (name: string) => name.toLowerCase().endsWith('.zip');
const doneStatus = (row: UploadRow) => (isSet(row) ? 'Uploaded' : 'Success');

async function reload(deps: AppDeps, id: number): Promise<UploadWithUploader> {
  const row = await findUpload(deps.database.db, id);
  if (!row) throw new Error(`Upload ${id} vanished`);
  return row;
}

/** Starts a multipart upload: a row in Uploading and one signed URL per part. */
export async function startUpload(deps: AppDeps, input: StartInput) {
  if (input.kind === 'set' && !isZipName(input.fileName)) {
    throw badRequest(`file_name: ${UPLOAD_MESSAGES.zipOnly}`);
  }
  const plan = planParts(input.fileSize, input.chunkSize, input.chunkCount);
  const contentType = input.contentType || 'application/octet-stream';
  const storageKey = newBlobKey(keyPrefix(input));
  const multipartId = await deps.blobs
    .createMultipart(storageKey, contentType, { partSize: plan.chunkSize, size: input.fileSize })
    .catch((error: unknown) => {
      if (error instanceof BlobError && error.code === 'EntityTooLarge') {
        throw badRequest(`file_size: ${error.message}`);
      }
      throw error;
    });
  const values: NewUpload = {
    ...input,
    contentType,
    chunkSize: plan.chunkSize,
    chunkCount: plan.chunkCount,
    status: 'Uploading',
    storageKey,
    multipartId,
  };
  const id = await deps.database.db
    .transaction(async (tx) => {
      const row = await insertUpload(tx, values);
      await recordEvent(tx, {
        actorId: input.uploadedBy,
        subjectType: 'upload',
        subjectId: row.id,
        action: 'start',
        data: { kind: input.kind, fileName: input.fileName, fileSize: input.fileSize },
      });
      return row.id;
    })
    .catch(async (error: unknown) => {
      // No row records the store's upload, so nothing would ever remove it.
      await deps.blobs.abortMultipart(storageKey, multipartId).catch(() => undefined);
      throw error;
    });
  const numbers = Array.from({ length: plan.chunkCount }, (_, i) => i + 1);
  const urls = await deps.blobs.partUrls(storageKey, multipartId, numbers);
  return { row: await reload(deps, id), urls };
}

/** The parts the store has acknowledged, and fresh URLs for the missing ones (resume). */
export async function uploadProgress(deps: AppDeps, row: UploadRow) {
  const base = {
    id: row.id,
    status: row.status,
    chunk_count: row.chunkCount,
    chunk_size: row.chunkSize,
    file_size: row.fileSize,
  };
  if (row.status !== 'Uploading' || !row.multipartId) return { ...base, parts: [], urls: [] };
  const stored = await deps.blobs
    .listParts(row.storageKey, row.multipartId)
    .catch((error: unknown) => {
      // The store no longer holds it (swept or aborted elsewhere): nothing is left to resume.
      if (error instanceof BlobError) throw conflict(UPLOAD_MESSAGES.notUploading);
      throw error;
    });
  const expected = (n: number) =>
    n < row.chunkCount ? row.chunkSize : row.fileSize - (row.chunkCount - 1) * row.chunkSize;
  // A part of the wrong size (cut off, or from another file) is sent again.
  const parts = stored.filter(
    (p) => p.PartNumber <= row.chunkCount && p.Size === expected(p.PartNumber),
  );
  const have = new Set(parts.map((p) => p.PartNumber));
  const missing = Array.from({ length: row.chunkCount }, (_, i) => i + 1).filter(
    (n) => !have.has(n),
  );
  const urls = await deps.blobs.partUrls(row.storageKey, row.multipartId, missing);
  await updateUpload(deps.database.db, row.id, {});
  return {
    ...base,
    parts: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag, Size: p.Size })),
    urls: missing.map((PartNumber, i) => ({ PartNumber, url: urls[i] ?? '' })),
  };
}

async function fail(deps: AppDeps, row: UploadRow, reason: string, actorId: number | null) {
  await deps.database.db.transaction(async (tx) => {
    await updateUpload(tx, row.id, {
      status: 'Failed',
      failureReason: reason,
      multipartId: null,
      completedAt: new Date(),
    });
    await recordEvent(tx, {
      actorId,
      subjectType: 'upload',
      subjectId: row.id,
      action: 'fail',
      data: { reason },
    });
  });
}

/**
 * Completes an upload: every part's ETag is checked by the store, the size against the declared
 * one, and a file set's zip central directory. A file that fails a check ends Failed with the
 * reason, its bytes removed, and the caller gets the reason as a 400.
 */
export async function finishUpload(
  deps: AppDeps,
  row: UploadRow,
  parts: UploadPart[],
  actorId: number | null,
) {
  if (row.status !== 'Uploading' || !row.multipartId) throw conflict(UPLOAD_MESSAGES.notUploading);
  if (parts.length !== row.chunkCount)
    throw badRequest(`upload_parts: ${UPLOAD_MESSAGES.partsMismatch}`);
  let head;
  try {
    head = await deps.blobs.completeMultipart(row.storageKey, row.multipartId, parts);
  } catch (error) {
    if (error instanceof BlobError)
      throw badRequest(`upload_parts: ${UPLOAD_MESSAGES.partsMismatch}`);
    throw error;
  }
  let reason: string | null = head.size === row.fileSize ? null : UPLOAD_MESSAGES.sizeMismatch;
  if (!reason && isSet(row))
    reason = await checkZipCentralDirectory(deps.blobs, row.storageKey, head.size);
  if (reason) {
    await deps.blobs.delete(row.storageKey);
    await fail(deps, row, reason, actorId);
    throw badRequest(reason);
  }
  uploadBytes.inc(head.size);
  uploadsCompleted.inc();
  await deps.database.db.transaction(async (tx) => {
    await updateUpload(tx, row.id, {
      status: doneStatus(row),
      size: head.size,
      etag: head.etag,
      multipartId: null,
      completedAt: new Date(),
    });
    await recordEvent(tx, {
      actorId,
      subjectType: 'upload',
      subjectId: row.id,
      action: 'complete',
      data: { size: head.size },
    });
  });
  return reload(deps, row.id);
}

/** Ends an upload without a file (Aborted/Canceled/Failed); the store releases its parts. */
export async function stopUpload(
  deps: AppDeps,
  row: UploadRow,
  status: string,
  actorId: number | null,
  reason: string | null = null,
) {
  if (row.status !== 'Uploading') throw conflict(UPLOAD_MESSAGES.notUploading);
  if (row.multipartId) await deps.blobs.abortMultipart(row.storageKey, row.multipartId);
  await deps.database.db.transaction(async (tx) => {
    await updateUpload(tx, row.id, {
      status,
      failureReason: reason,
      multipartId: null,
      completedAt: new Date(),
    });
    await recordEvent(tx, {
      actorId,
      subjectType: 'upload',
      subjectId: row.id,
      action: status.toLowerCase(),
      data: reason ? { reason } : {},
    });
  });
  return reload(deps, row.id);
}

/** Deletes a file that is not uploading; its bytes go unless an adopted set shares them. */
export async function removeUpload(deps: AppDeps, row: UploadRow, actorId: number | null) {
  if (row.status === 'Uploading') throw conflict(UPLOAD_MESSAGES.stillUploading);
  const shared = await deps.database.db.transaction(async (tx) => {
    await deleteUpload(tx, row.id);
    await recordEvent(tx, {
      actorId,
      subjectType: 'upload',
      subjectId: row.id,
      action: 'delete',
      data: { fileName: row.fileName },
    });
    return isKeyShared(tx, row.storageKey, row.id);
  });
  if (!shared) await deps.blobs.delete(row.storageKey);
}

/** Edits a set's name, type and description. */
export async function editUpload(
  deps: AppDeps,
  row: UploadRow,
  changes: {
    fileName?: string | undefined;
    fileType?: string | undefined;
    description?: string | undefined;
  },
  actorId: number,
) {
  if (isSet(row) && changes.fileName !== undefined && !isZipName(changes.fileName)) {
    throw badRequest(`file_name: ${UPLOAD_MESSAGES.zipOnly}`);
  }
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await deps.database.db.transaction(async (tx) => {
    await updateUpload(tx, row.id, values);
    await recordEvent(tx, {
      actorId,
      subjectType: 'upload',
      subjectId: row.id,
      action: 'update',
      data: values,
    });
  });
  return reload(deps, row.id);
}
