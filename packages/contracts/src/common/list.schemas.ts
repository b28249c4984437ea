import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const PAGE_SIZE_MAX = 100;

/**
 * The query every server-paginated list takes: `search`, `page`, `page_size`, `sort`, `order`.
 * `sorts` names the columns the list can sort on.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaults: { sort: S[number]; order: (typeof SORT_ORDERS)[number] },
) {
  return z.object({
    search: z.string().trim().max(200).optional(),
    page: recordIdSchema.default(1),
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(25),
    sort: z.enum(sorts).default(defaults.sort),
    order: z.enum(SORT_ORDERS).default(defaults.order),
  });
}

/** One page of a list: `{ items, total, page, page_size }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

/** What the caller may do with a record, so the UI never restates a rule. */
export const canSchema = z.object({ update: z.boolean(), delete: z.boolean() });
export type Can = z.infer<typeof canSchema>;
