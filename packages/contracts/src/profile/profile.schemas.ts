import { z } from 'zod';
import { encodedPasswordSchema } from '../common/common.schemas.js';
import { personNameSchema, phoneSchema } from '../common/person.schemas.js';
import { sessionSchema } from '../auth/auth.schemas.js';
import { appRoleSchema } from '../users/user.schemas.js';

export const updateProfileBodySchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: z.email('Email must be a valid email address.').max(254),
  /** Sent by the client as it has it; a change of role is refused. */
  role: appRoleSchema.optional(),
  phone_number: phoneSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  email: z.email('Email must be a valid email address.'),
  current_password: encodedPasswordSchema,
  new_password: encodedPasswordSchema,
  confirm_password: encodedPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const closeAccountBodySchema = z.object({
  email: z.email('Email must be a valid email address.'),
  active: z.literal(false, 'active must be false'),
});

/** Other sessions end on a password change; the caller's continues with these new tokens. */
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  session: sessionSchema,
});
