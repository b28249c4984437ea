import { z } from 'zod';
import { recordIdSchema, wholeNumberSchema } from '../common/common.schemas.js';

const range = z.object({
  start: wholeNumberSchema,
  end: wholeNumberSchema,
});

/** The Admin's grant of one job to a user (spec part 3 §3 "Per-job permission"). */
export const jobPermissionSchema = z.object({
  jobid: z.number().int(),
  job_name: z.string(),
  fullRange: z.boolean(),
  start: z.number().int(),
  end: z.number().int(),
  page_1: z.boolean(),
  page_2: z.boolean(),
  page2_start: z.number().int(),
  page2_end: z.number().int(),
  style_page_1: z.array(range),
  style_page_2: z.array(range),
});
export type JobPermission = z.infer<typeof jobPermissionSchema>;

/** One row as the permission dialog sends it. */
export const jobPermissionInputSchema = z.object({
  jobid: recordIdSchema,
  fullRange: z.boolean().default(false),
  start: wholeNumberSchema.default(0),
  end: wholeNumberSchema.default(0),
  page_1: z.boolean().default(false),
  page_2: z.boolean().default(false),
  page2_start: wholeNumberSchema.default(0),
  page2_end: wholeNumberSchema.default(0),
  style_page_1: z.array(range).max(100).default([]),
  style_page_2: z.array(range).max(100).default([]),
});
export type JobPermissionInput = z.infer<typeof jobPermissionInputSchema>;

export const USER_FLAGS = [
  'run_adjudicator',
  'run_audit',
  'run_targetmapper',
  'project_permission',
  'test_job',
  'fullAuth',
] as const;
const flags = {
  run_adjudicator: z.boolean().optional(),
  run_audit: z.boolean().optional(),
  run_targetmapper: z.boolean().optional(),
  project_permission: z.boolean().optional(),
  test_job: z.boolean().optional(),
  fullAuth: z.boolean().optional(),
};

/**
 * PUT /save-audit-permission/{id} (Admin): the user's per-job permissions replace the old ones.
 * `permissions` may be the JSON text the spec sends or the list itself.
 */
export const saveAuditPermissionBodySchema = z.object({
  id: recordIdSchema.optional(),
  audit: z.string().max(20_000).nullable().optional(),
  election_ids: z.string().max(20_000).nullable().optional(),
  permissions: z.union([z.string().max(2_000_000), z.array(z.unknown()).max(10_000)]).default([]),
  ...flags,
});
export type SaveAuditPermissionBody = z.infer<typeof saveAuditPermissionBodySchema>;

export const auditPermissionSchema = z.object({
  user_id: z.number().int(),
  /** Comma-joined ids of the jobs the user holds a permission for. */
  audit_ids: z.string(),
  audits: z.array(jobPermissionSchema),
  run_adjudicator: z.boolean(),
  run_audit: z.boolean(),
  run_targetmapper: z.boolean(),
  project_permission: z.boolean(),
  test_job: z.boolean(),
  fullAuth: z.boolean(),
});
export type AuditPermission = z.infer<typeof auditPermissionSchema>;
export const auditPermissionSavedSchema = auditPermissionSchema.extend({ message: z.string() });

export const jobPermissionAnswerSchema = z.object({
  job_id: z.number().int(),
  accept_permission: z.boolean(),
  permission: z.boolean(),
});
export const jobPermissionRequestSchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  job_ids: z.string(),
  jobs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  status: z.enum(['Pending', 'Answered']),
  job_permission: z.array(jobPermissionAnswerSchema),
  created_at: z.string(),
});
export type JobPermissionRequest = z.infer<typeof jobPermissionRequestSchema>;
export const jobPermissionRequestListSchema = z.object({
  items: z.array(jobPermissionRequestSchema),
});
export const jobPermissionRequestSavedSchema = jobPermissionRequestSchema.extend({
  message: z.string(),
});

/** POST /job-permission: `job_ids` as a list or comma-joined. */
export const jobPermissionRequestBodySchema = z.object({
  job_ids: z.union([z.array(recordIdSchema).max(1000), z.string().max(20_000)]),
});
/** PUT /job-permission/{id} (Admin). */
export const jobPermissionAnswerBodySchema = z.object({
  id: recordIdSchema.optional(),
  job_permission: z
    .array(
      z.object({
        job_id: recordIdSchema,
        accept_permission: z.boolean().default(false),
        permission: z.boolean().default(false),
      }),
    )
    .max(1000),
});
