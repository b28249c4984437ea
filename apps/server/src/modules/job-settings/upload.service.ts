import {
  JOB_FILE_LIMITS,
  JOB_FILE_MESSAGES,
  JOB_FILE_TYPES,
  isJobFileName,
  type JobFileType,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { loadJobForFiles } from '../audit-jobs/index.js';
import { loadArgSpecs } from '../audit-types/index.js';
import type { UserRow } from '../users/index.js';
import { JobCsvError, checkCsv, parseJobCsv } from './job-csv.js';
import { findJobFile, findJobFileOfType } from './files.repository.js';
import type { MultipartForm, UploadedPart } from './multipart.js';
import { storeJobFile } from './files.store.js';
import { checkSettings } from './settings.validate.js';

function typeOf(file: UploadedPart, given: string | undefined): JobFileType {
  if (isJobFileName(file.fileName)) return 'JOB';
  const type = (given ?? '').trim().toUpperCase();
  if (!(JOB_FILE_TYPES as readonly string[]).includes(type))
    throw badRequest(JOB_FILE_MESSAGES.unknownType);
  return type as JobFileType;
}

/** What is wrong with a file's name or content for its type, or null. */
async function contentProblem(deps: AppDeps, file: UploadedPart, type: JobFileType) {
  const name = file.fileName.toLowerCase();
  const text = file.content.toString('utf8');
  if (type === 'JSON' && name.endsWith('.json')) {
    try {
      JSON.parse(text);
      return null;
    } catch {
      return JOB_FILE_MESSAGES.badJson;
    }
  }
  if (!name.endsWith(JOB_FILE_LIMITS.accept)) return JOB_FILE_MESSAGES.csvOnly;
  if (/[/\\]/.test(file.fileName)) return JOB_FILE_MESSAGES.badName;
  if (type !== 'JOB') return checkCsv(text);
  try {
    const checked = checkSettings(await loadArgSpecs(deps.database.db), parseJobCsv(text));
    return checked.ok ? null : checked.error;
  } catch (error) {
    if (error instanceof JobCsvError) return error.message;
    throw error;
  }
}

/**
 * POST /job-settings/upload: CSV job files (JSON files may be .json), 5 MB each, at most 4,
 * one of each type per job. Every file is checked before any is stored.
 */
export async function uploadJobFiles(deps: AppDeps, user: UserRow, form: MultipartForm) {
  const jobId = Number(form.fields.job_id);
  if (!Number.isInteger(jobId) || jobId <= 0) throw badRequest('job_id: Required.');
  const db = deps.database.db;
  const job = await loadJobForFiles(db, user, jobId);
  if (form.files.length === 0) throw badRequest(JOB_FILE_MESSAGES.fileRequired);
  const planned: { file: UploadedPart; type: JobFileType }[] = [];
  for (const file of form.files) {
    const type = typeOf(file, form.fields.file_type);
    const problem = await contentProblem(deps, file, type);
    if (problem) throw badRequest(`${file.fileName}: ${problem}`);
    const taken =
      planned.some((p) => p.type === type) || (await findJobFileOfType(db, jobId, type));
    if (taken) throw conflict(JOB_FILE_MESSAGES.typeExists);
    if (await findJobFile(db, jobId, file.fileName))
      throw conflict(JOB_FILE_MESSAGES.fileExists(file.fileName));
    planned.push({ file, type });
  }
  const stored = [];
  for (const { file, type } of planned) {
    stored.push(
      await storeJobFile(deps, {
        jobId,
        jobAddress: job.row.job.address,
        fileName: file.fileName,
        fileType: type,
        content: file.content,
        userId: user.id,
      }),
    );
  }
  return { job, files: stored };
}
