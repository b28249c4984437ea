import { z } from 'zod';
import { defineRoute } from '../common/route.js';

/** US state or state-equivalent code to its counties and county-equivalents. */
export const jurisdictionMapSchema = z.record(z.string(), z.array(z.string()));
export type JurisdictionMap = z.infer<typeof jurisdictionMapSchema>;

export const usStateSchema = z.object({ code: z.string(), name: z.string() });
export type UsState = z.infer<typeof usStateSchema>;

/** A country with its ISO 3166-1 alpha-2 code. */
export const countrySchema = z.object({ name: z.string(), code: z.string() });
export type Country = z.infer<typeof countrySchema>;

const tags = ['reference'];

export const referenceRoutes = {
  jurisdictions: defineRoute({
    method: 'GET',
    path: '/public/us/jurisdictions',
    summary: 'Every US state code to its counties and county-equivalents ("County" stripped)',
    tags,
    response: jurisdictionMapSchema,
  }),
  usStates: defineRoute({
    method: 'GET',
    path: '/public/us/states',
    summary: 'US states, DC and inhabited territories (code and name)',
    tags,
    response: z.array(usStateSchema),
  }),
  countries: defineRoute({
    method: 'GET',
    path: '/public/countries',
    summary: 'Countries (name and ISO 3166-1 alpha-2 code)',
    tags,
    response: z.array(countrySchema),
  }),
};
