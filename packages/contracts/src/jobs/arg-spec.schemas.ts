import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { MESSAGES } from '../common/messages.js';
import { ARG_TYPES } from './job.constants.js';

const flag = z.enum(['TRUE', 'FALSE']);
/** Flags arrive as 'TRUE'/'FALSE' (the spec's storage) or booleans. */
const flagInput = z
  .union([z.boolean(), z.enum(['TRUE', 'FALSE', 'true', 'false', 'True', 'False'])])
  .transform((v) => (v === true || String(v).toUpperCase() === 'TRUE' ? 'TRUE' : 'FALSE'));

/** ID from name: lowercase, punctuation removed, spaces to underscores (spec §5). */
export const auditTypeIdFromName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_]/gu, '')
    .replace(/\s+/g, '_');

export const auditTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  premium: flag,
  show: flag,
  help: z.string(),
});
export type AuditType = z.infer<typeof auditTypeSchema>;
export const auditTypeListSchema = z.object({ items: z.array(auditTypeSchema) });
export const auditTypeSavedSchema = auditTypeSchema.extend({ message: z.string() });

export const auditTypeBodySchema = z.object({
  /** Derived from the name when missing. */
  id: z.string().trim().max(100).optional(),
  name: z.string().trim().min(1, MESSAGES.required).max(200),
  premium: flagInput.default('FALSE'),
  show: flagInput.default('TRUE'),
  help: z.string().trim().max(5000).default(''),
});
export type AuditTypeBody = z.infer<typeof auditTypeBodySchema>;
export const auditTypeParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const argTypeSchema = z.enum(ARG_TYPES);

export const argumentSpecSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  argument: z.string(),
  /** The default value, as text. */
  value: z.string(),
  type: argTypeSchema,
  choices: z.array(z.string()),
  /** 'TRUE' when a value must be given. */
  required: flag,
  help: z.string(),
  format: z.string(),
  multi: z.boolean(),
  /** '' (any stage), 'session', a comma list of stages, or 'DEPRECATED'. */
  stages: z.string(),
  create_job_file_api: z.boolean(),
  internal: z.boolean(),
});
export type ArgumentSpec = z.infer<typeof argumentSpecSchema>;

export const argGroupSchema = z.object({
  id: z.number().int(),
  audit_type_id: z.string(),
  group: z.string(),
  group_name: z.string(),
  help: z.string(),
  arguments: z.array(argumentSpecSchema),
});
export type ArgGroup = z.infer<typeof argGroupSchema>;
export const argSpecsSchema = z.object({ items: z.array(argGroupSchema) });
export type ArgSpecs = z.infer<typeof argSpecsSchema>;

export const argSpecsQuerySchema = z.object({
  audit_type_id: z.string().trim().max(100).optional(),
});

/** A group identifier: letters, digits and underscores (it names a JOB file section). */
const groupKey = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Use letters, digits and underscores.');

export const argGroupBodySchema = z.object({
  audit_type_id: z.string().trim().min(1, MESSAGES.required).max(100),
  group: groupKey,
  group_name: z.string().trim().max(200).default(''),
  help: z.string().trim().max(5000).default(''),
});
export type ArgGroupBody = z.infer<typeof argGroupBodySchema>;
export const argGroupSavedSchema = argGroupSchema.extend({ message: z.string() });

export const argumentBodySchema = z.object({
  group_id: recordIdSchema,
  argument: groupKey,
  value: z.string().max(5000).default(''),
  type: argTypeSchema.default('str'),
  choices: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
  required: flagInput.default('FALSE'),
  help: z.string().trim().max(5000).default(''),
  format: z.string().trim().max(200).default(''),
  multi: z.boolean().default(false),
  stages: z.string().trim().max(500).default(''),
  create_job_file_api: z.boolean().default(true),
  internal: z.boolean().default(false),
});
export type ArgumentBody = z.infer<typeof argumentBodySchema>;
export const argumentSavedSchema = argumentSpecSchema.extend({ message: z.string() });
export const argumentListSchema = z.object({ items: z.array(argumentSpecSchema) });
export const argumentsParamsSchema = z.object({
  auditTypeId: z.string().trim().min(1).max(100),
  groupId: recordIdSchema,
});

export const stagesSchema = z.object({ stages: z.array(z.string()) });
