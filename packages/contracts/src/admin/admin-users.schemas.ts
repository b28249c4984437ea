import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { MESSAGES } from '../common/messages.js';
import { pageSchema } from '../common/list.schemas.js';
import { appRoleSchema } from '../users/user.schemas.js';

export const USER_STATUSES = ['Active', 'Inactive'] as const;

/** A user as the Admin's Users tab shows and edits them (spec part 3 §3 "User (admin view)"). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: appRoleSchema,
  country: z.string(),
  state: z.string(),
  zip_code: z.string(),
  verified: z.boolean(),
  active: z.boolean(),
  subscriptionPlan: z.number().int(),
  run_adjudicator: z.boolean(),
  run_audit: z.boolean(),
  run_targetmapper: z.boolean(),
  project_permission: z.boolean(),
  test_job: z.boolean(),
  fullAuth: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageSchema(adminUserSchema);

export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: recordIdSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const userStatusParamsSchema = z.object({ status: z.enum(USER_STATUSES) });
export const userIdParamsSchema = z.object({ id: recordIdSchema });

/** Update User Data: role, zip code, country and state; names, e-mail and phone are read-only. */
export const adminUpdateUserBodySchema = z.object({
  id: recordIdSchema.optional(),
  role: appRoleSchema,
  zip_code: z
    .string()
    .trim()
    .max(10)
    .regex(/^[0-9]*$/, MESSAGES.invalidValue)
    .default(''),
  country: z.string().trim().min(1, MESSAGES.required).max(2),
  state: z.string().trim().min(1, MESSAGES.required).max(100),
});
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBodySchema>;

/** The six flags the Admin sets (PUT /update-permission/{id}); unsent flags are kept. */
export const userFlagsBodySchema = z.object({
  id: recordIdSchema.optional(),
  run_adjudicator: z.boolean().optional(),
  run_audit: z.boolean().optional(),
  run_targetmapper: z.boolean().optional(),
  project_permission: z.boolean().optional(),
  test_job: z.boolean().optional(),
  fullAuth: z.boolean().optional(),
});
export type UserFlagsBody = z.infer<typeof userFlagsBodySchema>;

export const adminUserSavedSchema = z.object({ message: z.string(), user: adminUserSchema });
export const adminMessageSchema = z.object({ message: z.string() });
export type UserStatus = (typeof USER_STATUSES)[number];
