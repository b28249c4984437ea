import {
  directUploadStatusColor,
  uploadSetStatusColor,
  type MemberRole,
  type UploadFile,
} from '@scrutineer/contracts';
import { uploadCan } from './uploads.policy.js';
import type { UploadKind, UploadWithUploader } from './uploads.repository.js';

/** One stored file as every list and answer shows it; `role` is null for link visitors. */
export function presentUpload(row: UploadWithUploader, role: MemberRole | null): UploadFile {
  const u = row.upload;
  const color =
    u.kind === 'set' ? uploadSetStatusColor(u.status) : directUploadStatusColor(u.status);
  return {
    id: u.id,
    kind: u.kind as UploadKind,
    election_id: u.electionId,
    district_id: u.districtId,
    file_name: u.fileName,
    file_type: u.fileType,
    description: u.description,
    content_type: u.contentType,
    chunk_count: u.chunkCount,
    chunk_size: u.chunkSize,
    file_size: u.fileSize,
    status: u.status,
    status_color: color,
    etag: u.etag,
    size: u.size,
    failure_reason: u.failureReason,
    state: u.state,
    county: u.county,
    upload_date: u.createdAt.toISOString().slice(0, 10),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    last_modified: u.updatedAt.toISOString(),
    completed_at: u.completedAt?.toISOString() ?? null,
    uploader: row.uploader
      ? { first_name: row.uploader.firstName, last_name: row.uploader.lastName }
      : null,
    request: u.requestId ? { id: u.requestId, name: u.requestName ?? '' } : null,
    can:
      role === null
        ? { update: u.status === 'Uploading', delete: u.status !== 'Uploading' }
        : uploadCan(role, u.status),
  };
}
