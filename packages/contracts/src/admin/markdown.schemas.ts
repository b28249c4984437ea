import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { ADMIN_MESSAGES, MARKDOWN_LIMITS } from './admin.messages.js';
import { MESSAGES } from '../common/messages.js';

/** A markdown page the Admin keeps (spec part 3 §3 "Markdown file"). */
export const markdownFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  file_name: z.string(),
  file_type: z.string(),
  size: z.number().int(),
  url: z.string(),
  last_modified: z.string(),
});
export type MarkdownFile = z.infer<typeof markdownFileSchema>;
export const markdownFileListSchema = z.object({ items: z.array(markdownFileSchema) });
export const markdownFileDetailSchema = markdownFileSchema.extend({
  markdown_content: z.string(),
});
export type MarkdownFileDetail = z.infer<typeof markdownFileDetailSchema>;

export const markdownIdParamsSchema = z.object({ id: recordIdSchema });

export const markdownTitleSchema = z.string().trim().min(1, MESSAGES.required).max(200);
/** Names the page a file drives; the upload form sends 'MarkDown', the Home board's. */
export const markdownFileTypeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, MESSAGES.invalidValue);

/** PUT /markdown-settings-edit/{id}. */
export const markdownEditBodySchema = z.object({
  id: recordIdSchema.optional(),
  title: markdownTitleSchema,
  markdown_content: z
    .string()
    .max(MARKDOWN_LIMITS.maxBytes, ADMIN_MESSAGES.markdownTooLarge)
    .refine((text) => text.trim().length > 0, ADMIN_MESSAGES.markdownRequired),
  file_name: z.string().optional(),
});
export type MarkdownEditBody = z.infer<typeof markdownEditBodySchema>;

export const markdownSavedSchema = z.object({
  message: z.string(),
  items: z.array(markdownFileSchema),
});

/** GET /markdown-home: the Home board's markdown (empty when the Admin has none). */
export const markdownHomeSchema = z.object({ text_msg: z.string(), title: z.string() });
/** GET /markdown-home-check: changes whenever the Home markdown changes. */
export const markdownHomeCheckSchema = z.object({ version: z.string() });
