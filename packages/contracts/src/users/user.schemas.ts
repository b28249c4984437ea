import { z } from 'zod';
import { APP_ROLES } from '../common/constants.js';

export const appRoleSchema = z.enum(APP_ROLES);

/** The signed-in user's own profile. */
export const profileSchema = z.object({
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
  subscriptionPlan: z.number().int(),
  project_permission: z.boolean(),
  test_job: z.boolean(),
  run_adjudicator: z.boolean(),
  run_audit: z.boolean(),
  run_targetmapper: z.boolean(),
  fullAuth: z.boolean(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
