import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { MESSAGES } from '../common/messages.js';
import { AUDIT_STAGES, JOB_FILE_TYPES, VENDORS } from './job.constants.js';

export const jobFileTypeSchema = z.enum(JOB_FILE_TYPES);

export const jobFileSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  file_name: z.string(),
  /** JOB, EIF, BOF, STC, JSON; CVR, BIA, BSM for adopted election files. */
  file_type: z.string(),
  size: z.number(),
  etag: z.string(),
  /** Where the API serves the file's bytes (bearer authorisation). */
  url: z.string(),
  last_modified: z.string(),
  /** Adopted election files are the election's; only job files can be edited or deleted here. */
  adopted: z.boolean(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type JobFile = z.infer<typeof jobFileSchema>;
export const jobFileListSchema = z.object({ items: z.array(jobFileSchema) });
export const jobFileSavedSchema = z.object({ message: z.string(), file: jobFileSchema });
export const jobFilesUploadedSchema = jobFileSavedSchema.extend({ files: z.array(jobFileSchema) });

export const jobIdParamsSchema = z.object({ jobId: recordIdSchema });
export const jobFileParamsSchema = jobIdParamsSchema.extend({
  fileName: z.string().min(1).max(255),
});
export const jobFileListQuerySchema = z.object({ search: z.string().trim().max(200).optional() });

/** One argument's value in a settings group; a multi argument appears once per value. */
export const settingEntrySchema = z.object({
  argument: z.string().trim().min(1, MESSAGES.required).max(100),
  value: z.string().max(5000),
});
export type SettingEntry = z.infer<typeof settingEntrySchema>;
/** Settings by group (e.g. `bia_specs`), in order. */
export const jobSettingsSchema = z.record(z.string().min(1).max(100), z.array(settingEntrySchema));
export type JobSettings = z.infer<typeof jobSettingsSchema>;

export const stageSchema = z.enum(AUDIT_STAGES);

const fileNameSchema = z.string().trim().min(1, MESSAGES.required).max(200);

/** POST and PUT /job-settings/{jobId}: save a settings (JOB) file written from `settings`. */
export const jobSettingsBodySchema = z.object({
  is_update: z.boolean().default(false),
  job_id: recordIdSchema.optional(),
  file_name: fileNameSchema,
  file_type: z.literal('JOB').default('JOB'),
  settings: jobSettingsSchema,
  /** Adds every argument of the specs not yet set, with its default value. */
  adopt_all: z.boolean().default(false),
  /** The file's name before a rename. */
  old_file_name: z.string().trim().max(200).optional(),
  /** Merge: the argument dropped from the file, so that its default applies again. */
  deleted_item: z
    .object({ group: z.string().min(1).max(100), argument: z.string().min(1).max(100) })
    .optional(),
  jobfile: z.boolean().default(true),
  /** Settings for one stage: arguments of other stages are refused. */
  stage: stageSchema.optional(),
});
export type JobSettingsBody = z.infer<typeof jobSettingsBodySchema>;

/** A settings file read back: its groups, or for JSON its parsed data. */
export const jobSettingsFileSchema = z.object({
  file_name: z.string(),
  file_type: z.string(),
  settings: jobSettingsSchema,
  json_data: z.unknown().optional(),
});
export type JobSettingsFile = z.infer<typeof jobSettingsFileSchema>;

/** POST /job-settings/generate-file: the job's JSON file, generated from its adopted files when `json_data` is absent. */
export const generateFileBodySchema = z.object({
  job_id: recordIdSchema,
  file_name: z.string().trim().max(200).optional(),
  json_data: z.unknown().optional(),
  file_type: z.literal('JSON').default('JSON'),
  isUpdate: z.boolean().default(false),
});
export type GenerateFileBody = z.infer<typeof generateFileBodySchema>;

/** The generated JSON file's content (spec part 3 §3). */
export const generatedJsonSchema = z.object({
  archives_folder_s3path: z.string(),
  cvr: z.array(z.string()),
  election_name: z.string(),
  job_folder_s3path: z.string(),
  job_name: z.string(),
  source: z.array(z.string()),
  style_masters: z.array(z.string()),
});
export type GeneratedJson = z.infer<typeof generatedJsonSchema>;

/** POST /job-settings/generate-setting-file: the shared Audit_jobs_setting.json (Admin). */
export const generateSettingFileBodySchema = z.object({
  file_name: z.literal('Audit_jobs_setting.json').default('Audit_jobs_setting.json'),
  json_data: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', MESSAGES.required),
  file_type: z.string().default('JSON'),
  isUpdate: z.boolean().default(true),
});
export const settingFileSchema = z.object({ file_name: z.string(), json_data: z.unknown() });
export const settingFileParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** POST /vendor-template: a JOB file preset for a vendor. */
export const vendorTemplateBodySchema = z.object({
  job_id: recordIdSchema,
  vendor: z.string().trim().max(40).default(''),
  isUpdate: z.boolean().default(false),
});
export const VENDOR_OPTIONS = VENDORS;

export const adoptedFileListSchema = z.object({ items: z.array(jobFileSchema) });
