import { z } from 'zod';
import { INT4_MAX, recordIdSchema, wholeNumberSchema } from '../common/common.schemas.js';
import { ELECTION_PRIVACY, ELECTION_TYPES } from '../common/constants.js';
import { entryDateSchema } from '../common/dates.js';
import { canSchema, listQuerySchema, pageSchema } from '../common/list.schemas.js';
import { MESSAGES } from '../common/messages.js';
import { memberRoleSchema, optionalText, requiredText } from '../districts/district.schemas.js';

export const electionTypeSchema = z.enum(ELECTION_TYPES);
export const electionPrivacySchema = z.enum(ELECTION_PRIVACY);
const idSchema = recordIdSchema;
const projectIdsSchema = z.array(idSchema).max(1000);

/**
 * POST /elections. Country, state and county (shown as district) default to the district's;
 * when sent they must match it.
 */
export const electionCreateBodySchema = z.object({
  id: wholeNumberSchema.optional(),
  name: requiredText(),
  e_type: electionTypeSchema.default('General'),
  privacy: electionPrivacySchema.default('Public'),
  country: z.string().trim().toUpperCase().optional(),
  state: z.string().trim().optional(),
  county: z.string().trim().optional(),
  districtId: z.coerce.number({ error: MESSAGES.required }).int().positive().max(INT4_MAX),
  date: entryDateSchema,
  description: optionalText(5000),
  project_ids: projectIdsSchema.default([]),
});
export type ElectionCreateBody = z.infer<typeof electionCreateBodySchema>;

/** PUT /elections/{id}: name, description and projects change; the other fields are locked. */
export const electionUpdateBodySchema = z.object({
  id: idSchema.optional(),
  name: requiredText(),
  description: optionalText(5000),
  project_ids: projectIdsSchema.optional(),
  e_type: electionTypeSchema.optional(),
  privacy: electionPrivacySchema.optional(),
  country: z.string().trim().toUpperCase().optional(),
  state: z.string().trim().optional(),
  county: z.string().trim().optional(),
  districtId: idSchema.nullable().optional(),
  date: entryDateSchema.optional(),
});
export type ElectionUpdateBody = z.infer<typeof electionUpdateBodySchema>;

export const electionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  e_type: electionTypeSchema,
  privacy: electionPrivacySchema,
  country: z.string(),
  state: z.string(),
  /** The jurisdiction, shown as district. */
  county: z.string(),
  date: z.string(),
  description: z.string(),
  /** The election path: country/state/jurisdiction/type/date. */
  address: z.string(),
  project_ids: z.array(z.number().int()),
  districtId: z.number().int().nullable(),
  /** The caller's election role; an Admin acts as Auditor. */
  role: memberRoleSchema,
  /** When the caller last opened the election (the list's Access Date), or null. */
  last_accessed_at: z.string().nullable(),
  created_at: z.string(),
  can: canSchema,
});
export type Election = z.infer<typeof electionSchema>;

export const electionSavedSchema = electionSchema.extend({ message: z.string() });

export const ELECTION_SORTS = [
  'access',
  'name',
  'e_type',
  'privacy',
  'location',
  'date',
  'role',
  'created_at',
] as const;
export const electionListQuerySchema = listQuerySchema(ELECTION_SORTS, {
  sort: 'access',
  order: 'desc',
}).extend({
  project: idSchema.optional(),
  district: idSchema.optional(),
});
export type ElectionListQuery = z.infer<typeof electionListQuerySchema>;
export const electionPageSchema = pageSchema(electionSchema);
