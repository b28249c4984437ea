import {
  JOB_FILE_MESSAGES,
  SETTINGS_MESSAGES,
  isJobFileName,
  jobFileNameFor,
  type JobSettings,
  type JobSettingsBody,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { loadJobForFiles, type LoadedJob } from '../audit-jobs/index.js';
import { loadArgSpecs } from '../audit-types/index.js';
import type { UserRow } from '../users/index.js';
import { formatJobCsv } from './job-csv.js';
import { findJobFile, findJobFileOfType, type JobFileRow } from './files.repository.js';
import { storeJobFile } from './files.store.js';
import { adoptAll, checkSettings } from './settings.validate.js';

/** A JOB file's name: a plain name with JOB_ in it, ending .csv. */
export function jobSettingsFileName(name: string): string {
  const plain = name.trim();
  if (!plain || /[/\\]/.test(plain) || plain.startsWith('.'))
    throw badRequest(JOB_FILE_MESSAGES.badName);
  const csv = plain.toLowerCase().endsWith('.csv') ? plain : `${plain}.csv`;
  return isJobFileName(csv) ? csv : `JOB_${csv}`;
}

/** Checks settings against the specs and writes them as the job's JOB file. */
export async function writeSettingsFile(
  deps: AppDeps,
  user: UserRow,
  job: LoadedJob,
  fileName: string,
  settings: JobSettings,
  replaces: JobFileRow | null,
  stage?: JobSettingsBody['stage'],
) {
  const specs = await loadArgSpecs(deps.database.db);
  const checked = checkSettings(specs, settings, stage);
  if (!checked.ok) throw badRequest(checked.error);
  return storeJobFile(deps, {
    jobId: job.row.job.id,
    jobAddress: job.row.job.address,
    fileName,
    fileType: 'JOB',
    content: Buffer.from(formatJobCsv(checked.settings)),
    userId: user.id,
    replaces,
  });
}

/**
 * POST (new) and PUT (update) /job-settings/{jobId}. A new JOB file is refused while the job
 * has one; an update rewrites the file named by old_file_name (or file_name), renaming it.
 * Merge drops `deleted_item` so its default applies again; Adopt All adds every default.
 */
export async function saveSettings(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  body: JobSettingsBody,
  isUpdate: boolean,
) {
  const db = deps.database.db;
  const job = await loadJobForFiles(db, user, jobId);
  const fileName = jobSettingsFileName(body.file_name);
  let replaces: JobFileRow | null = null;
  if (isUpdate || body.is_update) {
    replaces = await findJobFile(db, jobId, body.old_file_name || body.file_name);
    if (!replaces || replaces.fileType !== 'JOB') throw notFound(JOB_FILE_MESSAGES.noSuchFile);
    const clash = fileName !== replaces.fileName && (await findJobFile(db, jobId, fileName));
    if (clash) throw conflict(JOB_FILE_MESSAGES.fileExists(fileName));
  } else if (await findJobFileOfType(db, jobId, 'JOB')) {
    throw conflict(JOB_FILE_MESSAGES.jobFileExists);
  }
  let settings = body.settings;
  let message: string = JOB_FILE_MESSAGES.jobFileSaved;
  if (body.deleted_item) {
    const { group, argument } = body.deleted_item;
    if (!settings[group]?.some((e) => e.argument === argument))
      throw badRequest(SETTINGS_MESSAGES.unknownArgument(group, argument));
    settings = Object.fromEntries(
      Object.entries(settings)
        .map(
          ([g, entries]) =>
            [g, g === group ? entries.filter((e) => e.argument !== argument) : entries] as const,
        )
        .filter(([, entries]) => entries.length > 0),
    );
    message = JOB_FILE_MESSAGES.merged(argument);
  }
  if (body.adopt_all) settings = adoptAll(await loadArgSpecs(db), settings, body.stage);
  const file = await writeSettingsFile(deps, user, job, fileName, settings, replaces, body.stage);
  return { job, file, message };
}

/** Vendor presets written into a new JOB file with the job's adopted files (docs/job-file-format.md). */
export const VENDOR_TEMPLATES: Record<string, JobSettings> = {
  'ES&S': {
    bia_specs: [
      { argument: 'vendor', value: 'ES&S' },
      { argument: 'image_format', value: 'tif' },
    ],
    cvr_specs: [{ argument: 'cvr_layout', value: 'ess' }],
    style_specs: [{ argument: 'target_shape', value: 'oval' }],
  },
  Dominion: {
    bia_specs: [
      { argument: 'vendor', value: 'Dominion' },
      { argument: 'image_format', value: 'tif' },
    ],
    cvr_specs: [{ argument: 'cvr_layout', value: 'dominion-json' }],
    style_specs: [{ argument: 'target_shape', value: 'oval' }],
  },
};

export function jobFileNameOf(job: LoadedJob): string {
  return jobFileNameFor(job.row.job.name);
}
