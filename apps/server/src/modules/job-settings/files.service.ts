import { JOB_FILE_MESSAGES, type JobFile, type JobSettingsFile } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { loadJob, loadJobForFiles, type LoadedJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import { JobCsvError, parseJobCsv } from './job-csv.js';
import { presentAdoptedFile, presentJobFile } from './files.presenter.js';
import {
  deleteJobFile,
  findJobFile,
  listAdoptedElectionFiles,
  listJobFiles,
  type JobFileRow,
} from './files.repository.js';
import { readBlobText, removeBlob } from './files.store.js';

/** The job files and the adopted election files, filtered by name or type. */
export async function listFiles(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  search?: string,
): Promise<JobFile[]> {
  const db = deps.database.db;
  const job = await loadJobForFiles(db, user, jobId);
  const [files, adopted] = await Promise.all([
    listJobFiles(db, jobId),
    listAdoptedElectionFiles(db, job.row.job.electionId),
  ]);
  const all = [
    ...files.map((f) => presentJobFile(f, job.role)),
    ...adopted.map((f) => presentAdoptedFile(jobId, f)),
  ];
  const needle = search?.toLowerCase();
  return needle
    ? all.filter(
        (f) => f.file_name.toLowerCase().includes(needle) || f.file_type.toLowerCase() === needle,
      )
    : all;
}

export async function listAdopted(deps: AppDeps, user: UserRow, jobId: number) {
  const job = await loadJob(deps.database.db, user, jobId);
  const adopted = await listAdoptedElectionFiles(deps.database.db, job.row.job.electionId);
  return adopted.map((f) => presentAdoptedFile(jobId, f));
}

/** A job file the caller may handle, or 404 with `missing`. */
export async function loadJobFile(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  fileName: string,
  missing: string = JOB_FILE_MESSAGES.noSuchFile,
): Promise<{ job: LoadedJob; file: JobFileRow }> {
  const job = await loadJobForFiles(deps.database.db, user, jobId);
  const file = await findJobFile(deps.database.db, jobId, fileName);
  if (!file) throw notFound(missing);
  return { job, file };
}

/** A JOB file read back as settings, or a JSON file as data. */
export async function readSettingsFile(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  fileName: string,
  missing?: string,
): Promise<JobSettingsFile> {
  const { file } = await loadJobFile(deps, user, jobId, fileName, missing);
  const text = await readBlobText(deps, file.storageKey);
  if (file.fileType === 'JSON') {
    try {
      return {
        file_name: file.fileName,
        file_type: 'JSON',
        settings: {},
        json_data: JSON.parse(text),
      };
    } catch {
      throw badRequest(JOB_FILE_MESSAGES.badJson);
    }
  }
  if (file.fileType !== 'JOB') throw badRequest(JOB_FILE_MESSAGES.notSettingsFile);
  try {
    return { file_name: file.fileName, file_type: 'JOB', settings: parseJobCsv(text) };
  } catch (error) {
    if (error instanceof JobCsvError) throw badRequest(error.message);
    throw error;
  }
}

export async function openFileStream(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  fileName: string,
) {
  const { file } = await loadJobFile(deps, user, jobId, fileName);
  return { file, stream: await deps.blobs.read(file.storageKey) };
}

export async function deleteFile(deps: AppDeps, user: UserRow, jobId: number, fileName: string) {
  const { file } = await loadJobFile(deps, user, jobId, fileName);
  await deps.database.db.transaction(async (tx) => {
    await deleteJobFile(tx, file.id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_file',
      subjectId: file.id,
      action: 'delete',
      data: { jobId, fileName: file.fileName, fileType: file.fileType },
    });
  });
  await removeBlob(deps, file.storageKey);
}
