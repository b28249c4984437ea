import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    role: text('role').notNull().default('User'),
    country: text('country').notNull().default('US'),
    state: text('state').notNull().default('CA'),
    zipCode: text('zip_code').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Accounts the platform runs on its own; hidden from the admin user lists. */
    isSystem: boolean('is_system').notNull().default(false),
    subscriptionPlan: integer('subscription_plan').notNull().default(0),
    projectPermission: boolean('project_permission').notNull().default(false),
    testJob: boolean('test_job').notNull().default(false),
    runAdjudicator: boolean('run_adjudicator').notNull().default(false),
    runAudit: boolean('run_audit').notNull().default(false),
    runTargetmapper: boolean('run_targetmapper').notNull().default(false),
    fullAuth: boolean('full_auth').notNull().default(false),
    /** Bumped when a password changes or an account closes: older access tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    signupDate: text('signup_date'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged or revoked; presenting it again revokes its family. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use keys mailed to people: e-mail verification and password reset. */
export const userKeys = pgTable(
  'user_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_keys_hash_key').on(t.keyHash),
    index('user_keys_user_idx').on(t.userId),
  ],
);

/** The audit trail: one row per change, written in the change's transaction. */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    action: text('action').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('events_subject_idx').on(t.subjectType, t.subjectId)],
);

/** Every mail the platform sends; with no SMTP server configured this is where mail is read. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  transport: text('transport').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});
