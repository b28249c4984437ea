import {
  JOB_FILE_MESSAGES,
  VENDORS,
  settingFileNameFor,
  type GenerateFileBody,
  type GeneratedJson,
  type JobSettings,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { loadJobForFiles, type LoadedJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import { findJobFileOfType, listAdoptedElectionFiles } from './files.repository.js';
import { readBlobText, storeJobFile } from './files.store.js';
import { VENDOR_TEMPLATES, jobFileNameOf, writeSettingsFile } from './settings.service.js';

/** A folder in the store as the pipeline addresses it: s3://bucket/… on S3, the key prefix locally. */
function storePath(deps: AppDeps, prefix: string): string {
  return deps.blobs.kind === 's3' && deps.config.S3_BUCKET
    ? `s3://${deps.config.S3_BUCKET}/${prefix}`
    : prefix;
}

/** The generated JSON of the spec, filled from the job and its election's adopted files. */
export async function generatedJson(deps: AppDeps, job: LoadedJob): Promise<GeneratedJson> {
  const { job: row, election } = job.row;
  const adopted = await listAdoptedElectionFiles(deps.database.db, election.id);
  const named = (type: string) => adopted.filter((f) => f.fileType === type).map((f) => f.fileName);
  return {
    archives_folder_s3path: storePath(deps, `elections/${election.id}/files`),
    cvr: named('CVR'),
    election_name: election.name,
    job_folder_s3path: storePath(deps, row.address),
    job_name: row.name,
    source: named('BIA'),
    style_masters: named('BSM'),
  };
}

/**
 * POST /job-settings/generate-file: writes the job's JSON file, generated from its adopted
 * files or from `json_data`. A second JSON file is refused unless isUpdate.
 */
export async function generateFile(deps: AppDeps, user: UserRow, body: GenerateFileBody) {
  const db = deps.database.db;
  const job = await loadJobForFiles(db, user, body.job_id);
  const existing = await findJobFileOfType(db, body.job_id, 'JSON');
  const fileName = existing?.fileName ?? settingFileNameFor(job.row.job.name);
  if (existing && !body.isUpdate) throw conflict(JOB_FILE_MESSAGES.fileExists(existing.fileName));
  let data: unknown = body.json_data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      throw badRequest(JOB_FILE_MESSAGES.badJson);
    }
  }
  const generated = data === undefined || data === null;
  const content = generated ? await generatedJson(deps, job) : data;
  const file = await storeJobFile(deps, {
    jobId: job.row.job.id,
    jobAddress: job.row.job.address,
    fileName,
    fileType: 'JSON',
    content: Buffer.from(`${JSON.stringify(content, null, 2)}\n`),
    userId: user.id,
    replaces: existing,
  });
  const message =
    existing && !generated ? JOB_FILE_MESSAGES.jsonUpdated : JOB_FILE_MESSAGES.jsonFileSaved;
  return { job, file, message };
}

/** POST /vendor-template: the job's JOB file from a vendor preset and its adopted files. */
export async function vendorTemplate(
  deps: AppDeps,
  user: UserRow,
  body: { job_id: number; vendor: string; isUpdate: boolean },
) {
  const preset = VENDOR_TEMPLATES[body.vendor];
  if (!body.vendor || !preset || !(VENDORS as readonly string[]).includes(body.vendor))
    throw badRequest(JOB_FILE_MESSAGES.chooseVendor);
  const db = deps.database.db;
  const job = await loadJobForFiles(db, user, body.job_id);
  const existing = await findJobFileOfType(db, body.job_id, 'JOB');
  if (existing && !body.isUpdate) throw conflict(JOB_FILE_MESSAGES.jobFileExists);
  const json = await generatedJson(deps, job);
  const settings: JobSettings = {
    ...preset,
    bia_specs: [
      ...(preset.bia_specs ?? []),
      { argument: 'election_name', value: json.election_name },
      ...json.source.map((value) => ({ argument: 'source', value })),
    ],
    cvr_specs: [
      ...(preset.cvr_specs ?? []),
      ...json.cvr.map((value) => ({ argument: 'cvr', value })),
    ],
    style_specs: [
      ...(preset.style_specs ?? []),
      ...json.style_masters.map((value) => ({ argument: 'style_masters', value })),
    ],
  };
  const fileName = existing?.fileName ?? jobFileNameOf(job);
  const file = await writeSettingsFile(deps, user, job, fileName, settings, existing);
  return { job, file, message: JOB_FILE_MESSAGES.vendorSaved };
}

const SETTING_FILE_KEY = 'settings/Audit_jobs_setting.json';

/** The shared Audit_jobs_setting.json; an empty object until an Admin saves one. */
export async function readSharedSettingFile(deps: AppDeps): Promise<unknown> {
  if (!(await deps.blobs.head(SETTING_FILE_KEY))) return {};
  return JSON.parse(await readBlobText(deps, SETTING_FILE_KEY)) as unknown;
}

export async function saveSharedSettingFile(deps: AppDeps, data: unknown): Promise<unknown> {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest(JOB_FILE_MESSAGES.badJson);
    }
  }
  await deps.blobs.put(SETTING_FILE_KEY, Buffer.from(`${JSON.stringify(value, null, 2)}\n`));
  return value;
}
