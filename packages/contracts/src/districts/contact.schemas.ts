import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { entryDateSchema } from '../common/dates.js';
import { canSchema, listQuerySchema, pageSchema } from '../common/list.schemas.js';
import { phoneSchema, postalCodeSchema } from '../common/person.schemas.js';
import { optionalText, requiredEmail, requiredText } from './district.schemas.js';

export const contactBodySchema = z.object({
  id: recordIdSchema.optional(),
  name: requiredText(),
  title: requiredText(),
  email: requiredEmail,
  address: optionalText(),
  city: optionalText(100),
  state_zipcode: postalCodeSchema,
  phone_number: phoneSchema,
  website: optionalText(300),
  date: entryDateSchema.optional(),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  districtId: z.number().int(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state_zipcode: z.string(),
  phone_number: z.string(),
  website: z.string(),
  date: z.string(),
  created_at: z.string(),
  /** Last change: the list's Access Date column. */
  updated_at: z.string(),
  can: canSchema,
});
export type Contact = z.infer<typeof contactSchema>;

export const contactSavedSchema = contactSchema.extend({ message: z.string() });

export const CONTACT_SORTS = [
  'name',
  'title',
  'email',
  'date',
  'updated_at',
  'created_at',
] as const;
export const contactListQuerySchema = listQuerySchema(CONTACT_SORTS, {
  sort: 'name',
  order: 'asc',
});
export const contactPageSchema = pageSchema(contactSchema);

export const districtParamsSchema = z.object({
  districtId: recordIdSchema,
});
export const contactParamsSchema = districtParamsSchema.extend({
  id: recordIdSchema,
});
