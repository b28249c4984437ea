import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: recordIdSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const outboxPageSchema = z.object({
  items: z.array(outboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
