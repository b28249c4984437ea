import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';

export const attachmentSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  audit_file_name: z.string(),
  users: z.object({ email: z.string() }),
  /** Where the API serves the file (bearer authorisation). */
  attech_url: z.string(),
  content_type: z.string(),
  size: z.number(),
  description: z.string(),
  created_at: z.string(),
  can: z.object({ delete: z.boolean() }),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentListSchema = z.object({ items: z.array(attachmentSchema) });
export const attachmentUploadedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  url: z.string(),
});

/** A description must say something: not empty and not only a number (spec §5). */
export const attachmentDescriptionSchema = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(20_000)
  .refine((v) => !/^[\d\s.,+-]+$/.test(v), 'A description cannot be only a number.');

export const addAttachmentBodySchema = z.object({
  job_id: recordIdSchema,
  id: recordIdSchema,
  description: attachmentDescriptionSchema,
});
export const attachmentSavedSchema = attachmentSchema.extend({ message: z.string() });

/** Accepted attachment types: images, PDF and Word documents (SVG, which can carry script, is not one). */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const isAttachmentType = (contentType: string, fileName: string): boolean =>
  !/svg/i.test(contentType) &&
  !/\.svgz?$/i.test(fileName) &&
  (contentType.startsWith('image/') ||
    (ATTACHMENT_TYPES as readonly string[]).includes(contentType) ||
    /\.(pdf|docx?|png|jpe?g|gif|webp|tiff?|bmp)$/i.test(fileName));
