import { z } from 'zod';
import { recordIdSchema, wholeNumberSchema, int4Schema } from '../common/common.schemas.js';
import { ELECTION_PRIVACY, ELECTION_TYPES } from '../common/constants.js';
import { listQuerySchema, pageSchema } from '../common/list.schemas.js';
import { memberRoleSchema, optionalText, requiredText } from '../districts/district.schemas.js';

const idSchema = recordIdSchema;
/** The spec carries is_test as 'True'/'False'; a boolean is accepted too. */
export const isTestSchema = z
  .union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])])
  .transform((v) => v === true || v === 'True' || v === 'true');

export const jobCanSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  /** The Job Files tab: Auditor or Uploader. */
  files: z.boolean(),
  /** Run, reset and refresh operations and tools. */
  run: z.boolean(),
});
export type JobCan = z.infer<typeof jobCanSchema>;

export const jobElectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  county: z.string(),
  privacy: z.enum(ELECTION_PRIVACY),
  e_type: z.enum(ELECTION_TYPES),
  date: z.string(),
  state: z.string(),
  country: z.string(),
  /** The caller's election role, or null when access comes from the job alone. */
  role: memberRoleSchema.nullable(),
  districtId: z.number().int().nullable(),
});

export const auditJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  election_id: z.number().int(),
  election: jobElectionSchema,
  /** The caller's job role; an Admin acts as Auditor. */
  role: memberRoleSchema,
  status: z.string(),
  is_test: z.enum(['True', 'False']),
  address: z.string(),
  /** Ids of the job's members. */
  users: z.array(z.number().int()),
  lastUpdated: z.string(),
  request_donate: z.number(),
  received_donation: z.number(),
  active: z.boolean(),
  /** received / requested × 100; 0 when nothing is requested. */
  progress: z.number(),
  /** True when the caller's access comes from the Admin's per-job permission. */
  permitted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  can: jobCanSchema,
});
export type AuditJob = z.infer<typeof auditJobSchema>;
export const auditJobSavedSchema = auditJobSchema.extend({ message: z.string() });

/** POST /audit-jobs. `users` and `lastUpdated` are accepted as the spec sends them; the caller becomes Auditor. */
export const auditJobCreateBodySchema = z.object({
  id: wholeNumberSchema.optional(),
  name: requiredText(),
  description: optionalText(5000),
  election_id: idSchema,
  users: z.array(int4Schema).max(100).optional(),
  lastUpdated: z.string().max(100).optional(),
  is_test: isTestSchema.default(false),
});
export type AuditJobCreateBody = z.infer<typeof auditJobCreateBodySchema>;

/** PUT /audit-jobs/{id}: name and description (Auditor); donation fields (Admin). */
export const auditJobUpdateBodySchema = z.object({
  id: idSchema.optional(),
  name: requiredText().optional(),
  description: z.string().trim().max(5000).optional(),
  election_id: idSchema.optional(),
  status: z.string().trim().max(40).optional(),
  users: z.array(int4Schema).max(100).optional(),
  lastUpdated: z.string().max(100).optional(),
  request_donate: z.coerce.number().min(0).max(1e12).optional(),
  /** The amount being added to the received donations. */
  received_donation: z.coerce.number().min(0).max(1e12).optional(),
  active: z.boolean().optional(),
});
export type AuditJobUpdateBody = z.infer<typeof auditJobUpdateBodySchema>;

export const JOB_SORTS = [
  'name',
  'election',
  'status',
  'role',
  'created_at',
  'lastUpdated',
] as const;
export const auditJobListQuerySchema = listQuerySchema(JOB_SORTS, {
  sort: 'lastUpdated',
  order: 'desc',
}).extend({
  election_id: idSchema.optional(),
  electionId: idSchema.optional(),
  /** The district's audits (AuditJobsList with districtName). */
  districtName: z.string().trim().max(200).optional(),
  /** The Test JOB List (needs the test_job flag). */
  test: isTestSchema.default(false),
});
export type AuditJobListQuery = z.infer<typeof auditJobListQuerySchema>;
export const auditJobPageSchema = pageSchema(auditJobSchema);

/** A job as the public donation pages and the permission-request dialog show it. */
export const publicAuditJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  election: z.object({
    id: z.number().int(),
    name: z.string(),
    county: z.string(),
    state: z.string(),
    country: z.string(),
  }),
  request_donate: z.number(),
  received_donation: z.number(),
  progress: z.number(),
  active: z.boolean(),
});
export type PublicAuditJob = z.infer<typeof publicAuditJobSchema>;
export const publicAuditJobListSchema = z.object({ items: z.array(publicAuditJobSchema) });
