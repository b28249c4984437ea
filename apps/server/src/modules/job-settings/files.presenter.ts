import type { JobFile, MemberRole } from '@scrutineer/contracts';
import type { AdoptedElectionFile, JobFileRow } from './files.repository.js';

export const jobFileUrl = (jobId: number, fileName: string) =>
  `/api/job-settings/get-file/${jobId}/${encodeURIComponent(fileName)}`;

const canHandle = (role: MemberRole) => role === 'Auditor' || role === 'Uploader';

export const presentJobFile = (row: JobFileRow, role: MemberRole): JobFile => ({
  id: row.id,
  job_id: row.jobId,
  file_name: row.fileName,
  file_type: row.fileType,
  size: row.size,
  etag: row.etag,
  url: jobFileUrl(row.jobId, row.fileName),
  last_modified: row.lastModified.toISOString(),
  adopted: false,
  can: {
    update: canHandle(role) && (row.fileType === 'JOB' || row.fileType === 'JSON'),
    delete: canHandle(role),
  },
});

/** An election file the job adopts; it is the election's, so it is not edited or deleted here. */
export const presentAdoptedFile = (jobId: number, file: AdoptedElectionFile): JobFile => ({
  id: file.id,
  job_id: jobId,
  file_name: file.fileName,
  file_type: file.fileType ?? '',
  size: file.size ?? 0,
  etag: file.etag ?? '',
  url: '',
  last_modified: file.updatedAt.toISOString(),
  adopted: true,
  can: { update: false, delete: false },
});
