import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { entryDateSchema } from '../common/dates.js';
import { canSchema } from '../common/list.schemas.js';
import { MESSAGES } from '../common/messages.js';

const id = recordIdSchema;

/** POST and PUT /upload-requests and /upload-district-requests, and their -copy variants. */
export const uploadRequestBodySchema = z.object({
  id: id.optional(),
  request_id: id.optional(),
  election_id: id.optional(),
  district_id: id.optional(),
  name: z.string().trim().min(1, MESSAGES.required).max(200),
  email: z.string().trim().max(254).default(''),
  description: z.string().trim().max(5000).default(''),
  /** YYYY-MM-DD; absent or null means No Expiration. */
  valid_through: entryDateSchema.nullable().optional(),
  send_email: z.coerce.boolean().default(false),
  /** The spec sends the page address here; the server builds links from PUBLIC_URL. */
  send_link: z.union([z.boolean(), z.string()]).optional(),
});
export type UploadRequestBody = z.infer<typeof uploadRequestBodySchema>;

export const uploadRequestSchema = z.object({
  id: z.number().int(),
  election_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
  /** The election's or district's name. */
  owner_name: z.string(),
  name: z.string(),
  email: z.string(),
  description: z.string(),
  valid_through: z.string().nullable(),
  send_email: z.boolean(),
  send_link: z.boolean(),
  type: z.enum(['Email', 'Link']),
  expired: z.boolean(),
  status: z.enum(['Valid', 'Expired']),
  request_url: z.string(),
  created_at: z.string(),
  can: canSchema,
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadRequestSavedSchema = uploadRequestSchema.extend({ message: z.string() });
export const uploadRequestListSchema = z.object({ items: z.array(uploadRequestSchema) });
export const uploadRequestCopySchema = z.object({ request_url: z.string(), id: z.number().int() });

/** POST /direct-upload/verify: the link's id and token. */
export const linkVerifySchema = z.object({ id, token: z.string().min(1).max(200) });
export const linkVerifiedSchema = z.object({
  request_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  owner_name: z.string(),
  valid_through: z.string().nullable(),
});
