import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { pageSchema } from '../common/list.schemas.js';

export const LEADERBOARD_SORTS = [
  'mapper_total',
  'adjudicator_total',
  'adjudicator_agreement',
  'first_name',
  'last_name',
  'email',
] as const;

/** One person on the leaderboard: counts of their accepted target mappings and adjudications. */
export const leaderboardRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mapper_total: z.number().int(),
  adjudicator_total: z.number().int(),
  /** Of the adjudicator's reviews on decided items, those that agreed with the final decision. */
  adjudicator_agreed: z.number().int(),
  /** adjudicator_agreed / adjudicator_total as a percentage; null without reviews. */
  adjudicator_agreement: z.number().nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
export const leaderboardPageSchema = pageSchema(leaderboardRowSchema);
export const leaderboardQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: recordIdSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(LEADERBOARD_SORTS).default('mapper_total'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
