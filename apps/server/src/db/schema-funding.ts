import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns.js';
import { auditJobs } from './schema-jobs.js';
import { users } from './schema.js';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** A fundraising and audit campaign; its elections hold its id in `elections.project_ids`. */
export const projects = pgTable(
  'projects',
  {
    id: identityId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    electionDate: date('election_date', { mode: 'string' }),
    country: text('country').notNull().default('US'),
    state: text('state').notNull().default('Any'),
    donationTargetCents: cents('donation_target_cents').notNull().default(0),
    intro: text('intro').notNull().default(''),
    projectUrl: text('project_url').notNull().default(''),
    availability: text('availability').notNull().default('Public'),
    active: boolean('active').notNull().default(true),
    /** Card payments and offline donations together, moved only with the row that explains it. */
    receivedCents: cents('received_cents').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('projects_name_key').on(sql`lower(${t.name})`)],
);

/** What a checkout was started for; the provider holds the money side under the same id. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    recurring: boolean('recurring').notNull().default(false),
    /** For packages: monthly (true) or yearly. */
    isMonthly: boolean('is_monthly').notNull().default(true),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    packageId: integer('package_id'),
    /** Audit donations: [{ auditId, cents }]. */
    lines: jsonb('lines').$type<{ auditId: number; cents: number }[]>().notNull().default([]),
    access: integer('access').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a recurring checkout completes: its renewals are recorded against this row. */
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId),
    index('checkout_sessions_subscription_idx').on(t.providerSubscriptionId),
  ],
);

/**
 * The ledger: one row per payment received. `providerRef` (the checkout session for a first
 * payment, the invoice for a renewal) is unique, so however often a payment is reported it is
 * counted once.
 */
export const payments = pgTable(
  'payments',
  {
    id: identityId(),
    providerRef: text('provider_ref').notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: text('payment_status').notNull().default('paid'),
    recurring: boolean('recurring').notNull().default(false),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    packageId: integer('package_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    access: integer('access').notNull().default(0),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.providerRef),
    index('payments_project_idx').on(t.projectId, t.id),
  ],
);

export const paymentLines = pgTable(
  'payment_lines',
  {
    id: identityId(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    auditJobId: integer('audit_job_id').references(() => auditJobs.id, { onDelete: 'set null' }),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [index('payment_lines_payment_idx').on(t.paymentId)],
);

/** Cheques and other gifts an Admin records by hand. */
export const manualDonations = pgTable(
  'manual_donations',
  {
    id: identityId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('manual_donations_project_idx').on(t.projectId, t.id)],
);

/** Prices are whole dollars, as the package dialog takes them. */
export const packages = pgTable('packages', {
  id: identityId(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  monthlyPrice: integer('monthly_price').notNull(),
  yearlyPrice: integer('yearly_price').notNull(),
  status: text('status').notNull().default('Active'),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    isMonthly: boolean('is_monthly').notNull(),
    priceCents: cents('price_cents').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('Active'),
    manual: boolean('manual').notNull().default(false),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The provider's subscription, for renewals and cancellation. */
    providerSubscriptionId: text('provider_subscription_id'),
    sessionId: text('session_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.id),
    uniqueIndex('subscriptions_session_key').on(t.sessionId),
    index('subscriptions_active_idx').on(t.status, t.endDate),
  ],
);

/** Checkouts of the built-in test-mode provider: what its hosted page shows and records. */
export const localCheckouts = pgTable('local_checkouts', {
  id: text('id').primaryKey(),
  mode: text('mode').notNull(),
  interval: text('interval'),
  amountCents: cents('amount_cents').notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  customerEmail: text('customer_email'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  status: text('status').notNull().default('open'),
  payerName: text('payer_name'),
  payerEmail: text('payer_email'),
  payerAddress: jsonb('payer_address').$type<Record<string, string>>(),
  cardLast4: text('card_last4'),
  subscriptionId: text('subscription_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});
