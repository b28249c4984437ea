import { z } from 'zod';
import { SIGN_UP_ROLES } from '../common/constants.js';
import { encodedPasswordSchema, recordIdSchema } from '../common/common.schemas.js';
import { MESSAGES } from '../common/messages.js';
import { personNameSchema, phoneSchema } from '../common/person.schemas.js';
import { appRoleSchema } from '../users/user.schemas.js';

const emailSchema = z.email('Email must be a valid email address.').max(254);

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: encodedPasswordSchema,
  role: z.enum(SIGN_UP_ROLES, MESSAGES.roleNotAllowed).default('User'),
  first_name: personNameSchema,
  last_name: personNameSchema,
  phone_number: phoneSchema,
  signup_date: z.string().optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signUpResponseSchema = z.object({ message: z.string(), id: z.number().int() });

export const signInBodySchema = z.object({ email: emailSchema, password: encodedPasswordSchema });
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The session the client stores after sign-in or refresh. */
export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  id: z.number().int(),
  user_id: z.number().int(),
  role: appRoleSchema,
  subscriptionPlan: z.number().int(),
  test_job: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1, MESSAGES.required) });

export const passwordResetBodySchema = z.object({
  email: emailSchema,
  host: z.string().optional(),
});

export const newPasswordBodySchema = z.object({
  new_password: encodedPasswordSchema,
  confirm_password: encodedPasswordSchema,
  forgot_key: z.string().min(1, MESSAGES.required),
  user_id: recordIdSchema,
});

export const verifyEmailBodySchema = z.object({ token: z.string().min(1, MESSAGES.required) });
export const resendVerificationBodySchema = z.object({ email: emailSchema.optional() });
