import { z } from 'zod';
import { INT4_MAX, recordIdSchema } from '../common/common.schemas.js';
import { PROJECT_ACCESSIBILITY } from '../common/constants.js';
import { DATE_FORMAT_MESSAGE, parseEntryDate } from '../common/dates.js';
import { FIELD_MESSAGES } from '../common/person.schemas.js';
import { FUNDING_MESSAGES as M, MAX_DONATION, PACKAGE_STATUSES } from './funding.messages.js';

/**
 * A price in dollars as the spec's calls carry it (number or numeric text), read as whole
 * cents: empty is 'Please Enter amount', at most two decimals, $1 to $1,000,000.
 */
export const priceCentsSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || String(value).trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.enterAmount });
      return z.NEVER;
    }
    const dollars = Number(value);
    if (!Number.isFinite(dollars)) {
      ctx.addIssue({ code: 'custom', message: M.enterAmount });
      return z.NEVER;
    }
    const cents = Math.round(dollars * 100);
    if (Math.abs(cents - dollars * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: M.amountCents });
      return z.NEVER;
    }
    if (cents < 100) {
      ctx.addIssue({ code: 'custom', message: M.amountTooSmall });
      return z.NEVER;
    }
    if (cents > MAX_DONATION * 100) {
      ctx.addIssue({ code: 'custom', message: M.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });

/** The address the browser returns to; the server only accepts its own origins. */
const hostSchema = z.string().max(300).optional();
const flagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .optional()
  .transform((value) => value === true || value === 1 || value === '1');

export const paymentSessionSchema = z.object({
  sessionId: z.string(),
  url: z.string(),
  provider: z.enum(['local', 'stripe']),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

export const paymentConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
});

export const projectPaymentBodySchema = z.object({
  project_id: recordIdSchema,
  price: priceCentsSchema,
  host: hostSchema,
  /** 0 keeps the donor private, 1 lists them in Donors. */
  access: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: M.chooseOption })
    .transform(Number),
  recurring: flagSchema,
});
export type ProjectPaymentBody = z.input<typeof projectPaymentBodySchema>;

const donationLineSchema = z.object({
  audit_id: recordIdSchema,
  amount: z.union([z.number(), z.string()]).transform((value, ctx) => {
    const dollars = Number(value);
    if (String(value).trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.inputRequired });
      return z.NEVER;
    }
    if (!Number.isFinite(dollars) || dollars < 0) {
      ctx.addIssue({ code: 'custom', message: M.inputPositive });
      return z.NEVER;
    }
    const cents = Math.round(dollars * 100);
    if (Math.abs(cents - dollars * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: M.amountCents });
      return z.NEVER;
    }
    return cents;
  }),
});

export const auditPaymentBodySchema = z.object({
  /** The per-job lines; the spec sends them as a JSON list, text or array. */
  audit_ids: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, z.array(donationLineSchema).max(500)),
  price: priceCentsSchema,
  host: hostSchema,
  access: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
    .optional()
    .transform((value) => Number(value ?? 0)),
  recurring: flagSchema,
});
export type AuditPaymentBody = z.input<typeof auditPaymentBodySchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(300) });

export const paymentOutcomeSchema = z.object({
  message: z.string(),
  kind: z.enum(['project', 'audit', 'package']),
  amount: z.number(),
  recurring: z.boolean(),
  project_id: z.number().nullable(),
  project_name: z.string().nullable(),
  package_id: z.number().nullable(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

// Projects ----------------------------------------------------------------------------------

export const projectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  election_date: z.string().nullable(),
  country: z.string(),
  state: z.string(),
  donation_target: z.number(),
  pro_intro: z.string(),
  project_intro: z.string(),
  project_url: z.string(),
  election_ids: z.string(),
  avaliblity: z.enum(PROJECT_ACCESSIBILITY),
  active: z.boolean(),
  received_donation: z.number(),
  progress: z.number(),
  can: z.object({ update: z.boolean(), addOffline: z.boolean() }),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({
  projects: z.array(projectSchema),
  can: z.object({ create: z.boolean() }),
});

export const projectListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});

const electionIdsSchema = z
  .union([z.string(), z.array(recordIdSchema)])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return [...new Set(value)];
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
      ctx.addIssue({ code: 'custom', message: M.invalidValue });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const projectBodySchema = z.object({
  id: recordIdSchema.optional(),
  name: z.string().trim().min(1, M.required).max(200),
  description: z.string().max(2000).default(''),
  election_date: z
    .string()
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (!value || value.trim() === '') return null;
      const parsed = parseEntryDate(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: DATE_FORMAT_MESSAGE });
        return z.NEVER;
      }
      return parsed;
    }),
  country: z.string().trim().min(1).max(100).default('US'),
  state: z.string().trim().max(100).default('Any'),
  donation_target: z.coerce
    .number({ error: M.invalidValue })
    .min(0, FIELD_MESSAGES.notNegative)
    .max(1_000_000_000, M.invalidValue)
    .default(0),
  pro_intro: z.string().max(50_000).optional(),
  project_intro: z.string().max(50_000).optional(),
  project_url: z.string().max(500).default(''),
  election_ids: electionIdsSchema,
  avaliblity: z.enum(PROJECT_ACCESSIBILITY).default('Public'),
  active: z.boolean().default(true),
});
export type ProjectBody = z.input<typeof projectBodySchema>;

export const projectRefParamsSchema = z.object({ name: z.string().min(1).max(200) });

export const projectSavedSchema = z.object({ message: z.string(), project: projectSchema });

export const donorSchema = z.object({ price: z.number(), name: z.string(), state: z.string() });
export const donorListSchema = z.object({ donors: z.array(donorSchema) });
export const searchQuerySchema = z.object({ search: z.string().max(200).optional() });

export const projectElectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  e_type: z.string(),
  privacy: z.string(),
  country: z.string(),
  state: z.string(),
  county: z.string(),
  date: z.string(),
  role: z.string().nullable(),
});
export const projectElectionListSchema = z.object({ elections: z.array(projectElectionSchema) });

export const manualDonationBodySchema = z.object({
  price: priceCentsSchema,
  project_id: recordIdSchema,
  description: z.string().max(2000).default(''),
});
export type ManualDonationBody = z.input<typeof manualDonationBodySchema>;

export const manualDonationSchema = z.object({
  id: z.number(),
  price: z.number(),
  project_id: z.number(),
  description: z.string(),
  created_at: z.string(),
});
export const manualDonationListSchema = z.object({ donations: z.array(manualDonationSchema) });
export const manualDonationSavedSchema = z.object({
  message: z.string(),
  donation: manualDonationSchema,
  received_donation: z.number(),
});

/** A row of the admin's Fundraising tab. */
export const fundraisingRowSchema = z.object({
  id: z.number(),
  transaction_id: z.string(),
  kind: z.enum(['project', 'audit', 'package']),
  project_name: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  price: z.number(),
  currency: z.string(),
  payment_status: z.string(),
  recurring: z.boolean(),
  address: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  zip_code: z.string(),
  created_at: z.string(),
});
export type FundraisingRow = z.infer<typeof fundraisingRowSchema>;
export const fundraisingListSchema = z.object({ payments: z.array(fundraisingRowSchema) });

// Packages and subscriptions ----------------------------------------------------------------

const wholeDollarsSchema = z
  .union([z.number(), z.string()], { error: M.required })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }
    if (!/^\d{1,7}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: M.invalidValue });
      return z.NEVER;
    }
    return Number(text);
  });

export const packageSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number(),
  yearlyPrice: z.number(),
  status: z.enum(PACKAGE_STATUSES),
  users: z.object({ id: z.number().nullable(), role: z.string().nullable() }),
  can: z.object({ update: z.boolean() }),
});
export type Package = z.infer<typeof packageSchema>;
export const packageListSchema = z.object({ packages: z.array(packageSchema) });

export const packageBodySchema = z.object({
  name: z.string({ error: M.required }).trim().min(1, M.required).max(200),
  description: z.string().max(5000).default(''),
  monthlyPrice: wholeDollarsSchema,
  yearlyPrice: wholeDollarsSchema,
  status: z.enum(PACKAGE_STATUSES).optional(),
});
export type PackageBody = z.input<typeof packageBodySchema>;
export const packageSavedSchema = z.object({ message: z.string(), package: packageSchema });

const packageTypeSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((value) => value === true || value === 1 || value === '1');

export const packagePaymentBodySchema = z.object({
  package_id: z.coerce.number({ error: M.required }).int().positive().max(INT4_MAX),
  host: hostSchema,
  is_monthly: packageTypeSchema,
  price: priceCentsSchema,
});
export type PackagePaymentBody = z.input<typeof packagePaymentBodySchema>;

export const manualSubscriptionBodySchema = z.object({
  user_id: recordIdSchema,
  package_id: z.coerce.number({ error: M.required }).int().positive().max(INT4_MAX),
  is_monthly: packageTypeSchema.default(true),
  price: z.coerce.number().min(0).max(1e12).optional(),
});
export type ManualSubscriptionBody = z.input<typeof manualSubscriptionBodySchema>;

export const subscriptionPaymentSchema = z.object({
  name: z.string(),
  email: z.string(),
  transaction_id: z.string(),
  price: z.number(),
  payment_status: z.string(),
  currency: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  address: z.string(),
  zip_code: z.string(),
});

export const subscriptionSchema = z.object({
  id: z.number(),
  package: z.object({ id: z.number(), name: z.string() }),
  package_id: z.number(),
  is_monthly: z.boolean(),
  price: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  manual: z.boolean(),
  users: z.object({ id: z.number() }),
  payment: subscriptionPaymentSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export const subscriptionSavedSchema = z.object({
  message: z.string(),
  subscription: subscriptionSchema,
});
export const subscriptionUserParamsSchema = z.object({
  userId: recordIdSchema,
});
