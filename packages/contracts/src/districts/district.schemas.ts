import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { MEMBER_ROLES } from '../common/constants.js';
import { entryDateSchema } from '../common/dates.js';
import { canSchema, listQuerySchema, pageSchema } from '../common/list.schemas.js';
import { MESSAGES } from '../common/messages.js';
import { phoneSchema, postalCodeSchema } from '../common/person.schemas.js';

export const memberRoleSchema = z.enum(MEMBER_ROLES);

export const requiredText = (max = 200) => z.string().trim().min(1, MESSAGES.required).max(max);
export const optionalText = (max = 200) => z.string().trim().max(max).default('');
export const requiredEmail = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(254)
  .pipe(z.email('Email must be a valid email address.'));

/** POST /districts and PUT /districts/{id}. `name` is derived, so a sent one is ignored. */
export const districtBodySchema = z.object({
  id: recordIdSchema.optional(),
  name: z.string().optional(),
  /** ISO 3166-1 alpha-2 code; the form fixes it to US. */
  country: z.string().trim().toUpperCase().min(1, MESSAGES.required).default('US'),
  /** A US state code (CA) for US districts, free text elsewhere. */
  state_name: requiredText(100).default('CA'),
  /** The jurisdiction: a county or county-equivalent for US districts. */
  district_name: requiredText(),
  address: optionalText(),
  city: optionalText(100),
  statePostalCode: postalCodeSchema,
  phoneNumber: phoneSchema,
  email: requiredEmail,
  date: entryDateSchema.optional(),
  website: optionalText(300),
});
export type DistrictBody = z.infer<typeof districtBodySchema>;

export const districtSchema = z.object({
  id: z.number().int(),
  /** `country_state_districtname` without spaces. */
  name: z.string(),
  /** `country/state/country_state_districtname`. */
  path: z.string(),
  country: z.string(),
  country_name: z.string(),
  state_name: z.string(),
  district_name: z.string(),
  address: z.string(),
  city: z.string(),
  statePostalCode: z.string(),
  state_zipcode: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  date: z.string(),
  website: z.string(),
  /** The caller's district role; an Admin acts as Auditor. */
  role: memberRoleSchema,
  /** The first contact's name, or null when the district has none. */
  contact_name: z.string().nullable(),
  contacts: z.number().int(),
  elections: z.number().int(),
  created_at: z.string(),
  can: canSchema,
});
export type District = z.infer<typeof districtSchema>;

export const districtSavedSchema = districtSchema.extend({ message: z.string() });

export const DISTRICT_SORTS = [
  'name',
  'district_name',
  'state_name',
  'country',
  'contacts',
  'elections',
  'created_at',
] as const;
export const districtListQuerySchema = listQuerySchema(DISTRICT_SORTS, {
  sort: 'name',
  order: 'asc',
});
export type DistrictListQuery = z.infer<typeof districtListQuerySchema>;
export const districtPageSchema = pageSchema(districtSchema);
