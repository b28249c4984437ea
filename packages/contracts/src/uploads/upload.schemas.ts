import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { canSchema } from '../common/list.schemas.js';
import { MESSAGES } from '../common/messages.js';

export const UPLOAD_SET_STATUSES = [
  'Uploading',
  'Uploaded',
  'Aborted',
  'Failed',
  'Adopted',
] as const;
export const DIRECT_UPLOAD_STATUSES = ['Uploading', 'Success', 'Failed', 'Canceled'] as const;
export const FILE_TYPES = ['BIA', 'CVR'] as const;
/** The spec's chunk size: the largest part; the server picks a smaller default. */
export const CHUNK_SIZE_MAX = 4_294_967_296;
export const DEFAULT_PART_SIZE = 32 * 1024 * 1024;
export const MAX_UPLOAD_PARTS = 10_000;

const id = recordIdSchema;
const fileName = z.string().trim().min(1, MESSAGES.required).max(255);
const fileSize = z.coerce
  .number()
  .int()
  .min(0)
  .max(MAX_UPLOAD_PARTS * CHUNK_SIZE_MAX);

export const uploadPartSchema = z.object({
  PartNumber: z.coerce.number().int().min(1).max(MAX_UPLOAD_PARTS),
  ETag: z.string().min(1).max(100),
});
export type UploadPart = z.infer<typeof uploadPartSchema>;

/** What every upload creation takes; chunk_size and chunk_count may be left to the server. */
const uploadStart = {
  file_name: fileName,
  content_type: z.string().trim().max(200).optional(),
  file_size: fileSize,
  chunk_size: z.coerce.number().int().positive().max(CHUNK_SIZE_MAX).optional(),
  chunk_count: z.coerce.number().int().positive().max(MAX_UPLOAD_PARTS).optional(),
  status: z.string().optional(),
};

/** POST /files and /files-district. */
export const uploadSetCreateSchema = z.object({
  ...uploadStart,
  election_id: id.optional(),
  district_id: id.optional(),
  file_type: z.string().trim().min(1).max(40).default('BIA'),
  description: z.string().trim().max(5000).default(''),
});

/** PUT /files/{id}: complete, abort or fail with parts, or edit name, type and description. */
export const uploadSetUpdateSchema = z.object({
  id: id.optional(),
  status: z.enum(['Uploaded', 'Aborted', 'Failed']).optional(),
  upload_parts: z.array(uploadPartSchema).max(MAX_UPLOAD_PARTS).optional(),
  file_name: fileName.optional(),
  file_type: z.string().trim().min(1).max(40).optional(),
  description: z.string().trim().max(5000).optional(),
});

export const uploadSetAdoptSchema = z.object({
  election_id: id.optional(),
  district_id: id.optional(),
  file_type: z.string().trim().min(1).max(40).default('BIA'),
  /** The chosen files' names, comma-joined. */
  file_name: z.string().trim().min(1, MESSAGES.required).max(20_000),
  description: z.string().trim().max(5000).default(''),
});

/** POST /upload-files, /direct-upload and their district variants. */
export const directUploadCreateSchema = z.object({
  ...uploadStart,
  election_id: id.optional(),
  district_id: id.optional(),
  /** Public links: the request and its token from the link. */
  request_id: id.optional(),
  token: z.string().max(200).optional(),
});

export const directUploadUpdateSchema = z.object({
  id: id.optional(),
  status: z.enum(['Success', 'Failed', 'Canceled']),
  upload_parts: z.array(uploadPartSchema).max(MAX_UPLOAD_PARTS).optional(),
  token: z.string().max(200).optional(),
});

export const tokenQuerySchema = z.object({ token: z.string().max(200).optional() });

/** POST /general-upload: no login; the answer's upload_token completes it. */
export const generalUploadCreateSchema = z.object({
  ...uploadStart,
  /** The token of the Admin's general upload link (`/general_upload?token=`). */
  link_token: z.string().max(200).optional(),
  file_type: z.string().trim().max(40).default(''),
  state: z.string().trim().max(100).default(''),
  county: z.string().trim().max(100).default(''),
});

export const generalUploadUpdateSchema = directUploadUpdateSchema.extend({
  upload_token: z.string().min(1).max(200),
});

/** GET /general-upload-link: the page address with a token, for the Admin to share. */
export const generalUploadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });

/** GET /general-upload/{id}/parts: the upload's own token, as creation answered it. */
export const generalUploadTokenQuerySchema = z.object({ upload_token: z.string().min(1).max(200) });

/** One stored file: an upload set, a direct, requested or general upload. */
export const uploadFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['set', 'direct', 'requested', 'general']),
  election_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
  file_name: z.string(),
  file_type: z.string().nullable(),
  description: z.string(),
  content_type: z.string(),
  chunk_count: z.number().int(),
  chunk_size: z.number().int(),
  file_size: z.number().int(),
  status: z.string(),
  status_color: z.string(),
  etag: z.string().nullable(),
  size: z.number().int().nullable(),
  failure_reason: z.string().nullable(),
  state: z.string(),
  county: z.string(),
  upload_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_modified: z.string(),
  /** When the upload ended; null (shown N/A) while Uploading. */
  completed_at: z.string().nullable(),
  uploader: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  request: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  can: canSchema,
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

/** A created upload: the file, one signed URL per part, and the part plan. */
export const uploadStartedSchema = uploadFileSchema.extend({
  urls: z.array(z.string()),
  file: z.object({ id: z.number().int() }),
  upload_token: z.string().optional(),
});

/** What a resumed upload needs: the parts already acknowledged and URLs for the rest. */
export const uploadProgressSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  chunk_count: z.number().int(),
  chunk_size: z.number().int(),
  file_size: z.number().int(),
  parts: z.array(uploadPartSchema.extend({ Size: z.number().int() })),
  urls: z.array(z.object({ PartNumber: z.number().int(), url: z.string() })),
});

export const uploadSavedSchema = uploadFileSchema.extend({ message: z.string() });
export const uploadListSchema = z.object({ items: z.array(uploadFileSchema), total: z.number() });
export const adoptableListSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), file_name: z.string(), size: z.number() })),
});
