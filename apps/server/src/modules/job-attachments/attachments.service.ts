import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MESSAGES,
  isAttachmentType,
  type Attachment,
  type MemberRole,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { sniffContentType } from '../../platform/http/user-files.js';
import { newBlobKey } from '../../platform/storage/index.js';
import { isJobAuditor, loadJob, loadJobForFiles } from '../audit-jobs/index.js';
import type { MultipartForm } from '../job-settings/index.js';
import type { UserRow } from '../users/index.js';
import {
  deleteAttachment,
  deleteIfUndescribed,
  describeAttachment,
  findAttachment,
  insertAttachment,
  listAttachments,
  listUndescribed,
  type AttachmentWithEmail,
} from './attachments.repository.js';

/** Formats an attachment may be, by the type its bytes show, and the type it is stored as. */
const CHECKED_TYPES: Record<string, string> = {
  'application/pdf': 'application/pdf',
  'application/x-cfb': 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'image/tiff': 'image/tiff',
  'image/bmp': 'image/bmp',
};

export const attachmentUrl = (id: number) => `/api/audit-attech/${id}/file`;

const canDelete = (user: UserRow, role: MemberRole, row: AttachmentWithEmail) =>
  isJobAuditor(role) || row.attachment.uploadedBy === user.id;

export function presentAttachment(
  user: UserRow,
  role: MemberRole,
  row: AttachmentWithEmail,
): Attachment {
  const a = row.attachment;
  return {
    id: a.id,
    job_id: a.jobId,
    audit_file_name: a.fileName,
    users: { email: row.email ?? '' },
    attech_url: attachmentUrl(a.id),
    content_type: a.contentType,
    size: a.size,
    description: a.description,
    created_at: a.createdAt.toISOString(),
    can: { delete: canDelete(user, role, row) },
  };
}

/** Stores an uploaded attachment (Auditor or Uploader); it is listed once it has a description. */
export async function uploadAttachment(deps: AppDeps, user: UserRow, form: MultipartForm) {
  const jobId = Number(form.fields.job_id);
  if (!Number.isInteger(jobId) || jobId <= 0) throw badRequest('job_id: Required.');
  const job = await loadJobForFiles(deps.database.db, user, jobId);
  const [file] = form.files;
  if (!file) throw badRequest(ATTACHMENT_MESSAGES.fileRequired);
  if (form.files.length > 1) throw badRequest('files: Attach one file at a time.');
  if (!isAttachmentType(file.contentType, file.fileName) || /[/\\]/.test(file.fileName))
    throw badRequest(ATTACHMENT_MESSAGES.typeNotAllowed);
  // The stored type is what the bytes are, whatever the name or the sender's type says.
  const contentType = CHECKED_TYPES[(await sniffContentType(file.content)) ?? ''];
  if (!contentType) throw badRequest(ATTACHMENT_MESSAGES.typeNotAllowed);
  const key = newBlobKey(`${job.row.job.address}/attachments`);
  await deps.blobs.put(key, file.content);
  const row = await deps.database.db.transaction(async (tx) => {
    const inserted = await insertAttachment(tx, {
      jobId,
      fileName: file.fileName,
      contentType,
      size: file.content.length,
      storageKey: key,
      uploadedBy: user.id,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_attachment',
      subjectId: inserted.id,
      action: 'upload',
      data: { jobId, fileName: file.fileName },
    });
    return inserted;
  });
  return { id: row.id, url: attachmentUrl(row.id) };
}

/** Loads an attachment through its job: one the caller may not see is 404. */
async function loadAttachment(deps: AppDeps, user: UserRow, id: number) {
  const row = await findAttachment(deps.database.db, id);
  if (!row) throw notFound();
  const job = await loadJob(deps.database.db, user, row.attachment.jobId);
  return { row, job };
}

export async function saveDescription(
  deps: AppDeps,
  user: UserRow,
  body: { job_id: number; id: number; description: string },
) {
  const { row, job } = await loadAttachment(deps, user, body.id);
  if (row.attachment.jobId !== body.job_id) throw notFound();
  if (!isJobAuditor(job.role) && row.attachment.uploadedBy !== user.id)
    throw forbidden('Only the person who attached the file or the Auditor can describe it.');
  await deps.database.db.transaction(async (tx) => {
    await describeAttachment(tx, body.id, body.description);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_attachment',
      subjectId: body.id,
      action: 'describe',
    });
  });
  const saved = await findAttachment(deps.database.db, body.id);
  if (!saved) throw notFound();
  return presentAttachment(user, job.role, saved);
}

export async function listJobAttachments(deps: AppDeps, user: UserRow, jobId: number) {
  const job = await loadJob(deps.database.db, user, jobId);
  const rows = await listAttachments(deps.database.db, jobId);
  return rows.map((row) => presentAttachment(user, job.role, row));
}

export async function openAttachment(deps: AppDeps, user: UserRow, id: number) {
  const { row } = await loadAttachment(deps, user, id);
  return { row: row.attachment, stream: await deps.blobs.read(row.attachment.storageKey) };
}

export async function removeAttachment(deps: AppDeps, user: UserRow, id: number) {
  const { row, job } = await loadAttachment(deps, user, id);
  if (!canDelete(user, job.role, row))
    throw forbidden('Only the person who attached the file or the Auditor can delete it.');
  await deps.database.db.transaction(async (tx) => {
    await deleteAttachment(tx, id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_attachment',
      subjectId: id,
      action: 'delete',
      data: { jobId: row.attachment.jobId, fileName: row.attachment.fileName },
    });
  });
  await deps.blobs.delete(row.attachment.storageKey).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'attachment bytes left in the store');
  });
}

/**
 * Deletes attachments uploaded more than `graceMs` ago and never described (docs/decisions.md):
 * unlisted, they would hold storage for ever. One described meanwhile is kept. Answers how many.
 */
export async function sweepUndescribedAttachments(
  deps: AppDeps,
  graceMs: number,
  now = Date.now(),
): Promise<number> {
  const db = deps.database.db;
  let swept = 0;
  for (const { id } of await listUndescribed(db, new Date(now - graceMs))) {
    const row = await db.transaction(async (tx) => {
      const deleted = await deleteIfUndescribed(tx, id);
      if (deleted)
        await recordEvent(tx, {
          actorId: null,
          subjectType: 'job_attachment',
          subjectId: id,
          action: 'expire',
          data: { jobId: deleted.jobId, fileName: deleted.fileName },
        });
      return deleted;
    });
    if (!row) continue;
    swept += 1;
    await deps.blobs.delete(row.storageKey).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'attachment bytes left in the store');
    });
  }
  return swept;
}

export const ATTACHMENT_UPLOAD_LIMITS = { fileSize: ATTACHMENT_LIMITS.maxBytes, files: 1 };
