import { z } from 'zod';
import { recordIdSchema, wholeNumberSchema } from '../common/common.schemas.js';
import { canSchema, listQuerySchema, pageSchema } from '../common/list.schemas.js';
import { memberRoleSchema, requiredEmail, requiredText } from '../districts/district.schemas.js';

export const MEMBER_STATUSES = ['Active', 'Invited'] as const;

/** POST /election-users: invite by e-mail; an unknown address gets a pending account. */
export const memberCreateBodySchema = z.object({
  id: wholeNumberSchema.optional(),
  election_id: recordIdSchema,
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: requiredEmail,
  role: memberRoleSchema.default('Observer'),
});
export type MemberCreateBody = z.infer<typeof memberCreateBodySchema>;

/** PUT /election-users/{id}: the role changes; names only while the account is pending. */
export const memberUpdateBodySchema = z.object({
  id: recordIdSchema.optional(),
  election_id: recordIdSchema.optional(),
  first_name: requiredText(100),
  last_name: requiredText(100),
  /** Sent as the form has it; not checked, and an e-mail never changes through this call. */
  email: z.string().optional(),
  role: memberRoleSchema,
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBodySchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  election_id: z.number().int(),
  role: memberRoleSchema,
  /** Invited: the account has no password yet. */
  status: z.enum(MEMBER_STATUSES),
  created_at: z.string(),
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  can: canSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const memberSavedSchema = memberSchema.extend({ message: z.string() });

export const MEMBER_SORTS = ['name', 'email', 'role', 'status', 'created_at'] as const;
export const memberListQuerySchema = listQuerySchema(MEMBER_SORTS, {
  sort: 'created_at',
  order: 'asc',
});
export const memberPageSchema = pageSchema(memberSchema);
export const electionIdParamsSchema = z.object({
  electionId: recordIdSchema,
});
