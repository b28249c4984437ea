import { sql, type SQL } from 'drizzle-orm';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: identityId(),
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
    updatedAt: updatedAt(),
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
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The new address an e-mail change key confirms. */
    email: text('email'),
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
    id: identityId(),
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
  id: identityId(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  transport: text('transport').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});

/** A jurisdiction (a US county or its equivalent) that holds elections. */
export const districts = pgTable(
  'districts',
  {
    id: identityId(),
    /** `country_state_districtname` without spaces; one district per jurisdiction. */
    name: text('name').notNull(),
    country: text('country').notNull(),
    stateName: text('state_name').notNull(),
    districtName: text('district_name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    statePostalCode: text('state_postal_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    email: text('email').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    website: text('website').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('districts_name_key').on(sql`lower(${t.name})`)],
);

export const districtMembers = pgTable(
  'district_members',
  {
    id: identityId(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('Observer'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('district_members_district_user_key').on(t.districtId, t.userId),
    index('district_members_user_idx').on(t.userId),
  ],
);

export const districtContacts = pgTable(
  'district_contacts',
  {
    id: identityId(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    stateZipcode: text('state_zipcode').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    website: text('website').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('district_contacts_district_idx').on(t.districtId, t.id)],
);

export const elections = pgTable(
  'elections',
  {
    id: identityId(),
    name: text('name').notNull(),
    eType: text('e_type').notNull(),
    privacy: text('privacy').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull(),
    county: text('county').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    /** The election path; files and audit jobs live under it, so it is unique. */
    address: text('address').notNull(),
    /** A district with elections cannot be deleted (docs/decisions.md): no cascade here. */
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'restrict' }),
    projectIds: integer('project_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the list's search matches: name, path and county, lower-cased, one per line. */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${elections.name} || E'\\n' || ${elections.address} || E'\\n' || ${elections.county})`,
      ),
  },
  (t) => [
    uniqueIndex('elections_address_key').on(sql`lower(${t.address})`),
    index('elections_district_idx').on(t.districtId, t.id),
    index('elections_project_ids_idx').using('gin', t.projectIds),
    // Search is a substring match (LIKE '%…%'); one trigram index over one column serves it.
    // Without fastupdate new rows go straight into the index: with it they wait in a pending
    // list (up to 4 MB) that every search reads through, and that made the planner scan the
    // whole table (50 ms instead of 3) until a vacuum emptied it.
    index('elections_search_trgm_idx')
      .using('gin', t.search.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/**
 * Row counts kept by statement triggers (migration `sec4-election-count-triggers`), so a list's total over
 * a whole table is one row read instead of a scan. Only `elections` is counted.
 */
export const tableCounts = pgTable('table_counts', {
  tableName: text('table_name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

/**
 * How many elections each user belongs to, kept by triggers on `election_members` (migration
 * `sec7-member-count-triggers`), so a member's list reads its total as one row instead of
 * counting every membership on each page. A user without memberships may have no row (0).
 */
export const memberCounts = pgTable('member_counts', {
  userId: integer('user_id').primaryKey(),
  count: integer('count').notNull(),
});

export const electionMembers = pgTable(
  'election_members',
  {
    id: identityId(),
    electionId: integer('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('Observer'),
    /** Set each time the member opens the election: the list's Access Date. */
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('election_members_election_user_key').on(t.electionId, t.userId),
    // The election list walks a member's rows newest access first.
    index('election_members_user_access_idx').on(
      t.userId,
      t.lastAccessedAt.desc().nullsLast(),
      t.electionId.desc(),
    ),
  ],
);

/** A link an outside party uploads through; its token is derived from `tokenSalt` (HMAC). */
export const uploadRequests = pgTable(
  'upload_requests',
  {
    id: identityId(),
    electionId: integer('election_id').references(() => elections.id, { onDelete: 'cascade' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Null means No Expiration. */
    validThrough: date('valid_through', { mode: 'string' }),
    sendEmail: boolean('send_email').notNull().default(false),
    tokenSalt: text('token_salt').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('upload_requests_election_idx').on(t.electionId),
    index('upload_requests_district_idx').on(t.districtId),
  ],
);

/**
 * Every uploaded file: upload sets, direct uploads, files sent through links, general
 * uploads. `storageKey` is generated; the user's file name is never a storage path.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: identityId(),
    kind: text('kind').notNull(),
    electionId: integer('election_id').references(() => elections.id, { onDelete: 'restrict' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'restrict' }),
    requestId: integer('request_id').references(() => uploadRequests.id, { onDelete: 'set null' }),
    requestName: text('request_name'),
    fileName: text('file_name').notNull(),
    fileType: text('file_type'),
    description: text('description').notNull().default(''),
    contentType: text('content_type').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    chunkSize: bigint('chunk_size', { mode: 'number' }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }),
    etag: text('etag'),
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    storageKey: text('storage_key').notNull(),
    /** The store's multipart id while Uploading; null once it ended. */
    multipartId: text('multipart_id'),
    state: text('state').notNull().default(''),
    county: text('county').notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The address a general upload (no account) came from: its open uploads are limited. */
    clientAddress: text('client_address'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('uploads_election_idx').on(t.electionId, t.kind),
    index('uploads_district_idx').on(t.districtId, t.kind),
    index('uploads_request_idx').on(t.requestId),
    index('uploads_uploading_idx').on(t.status, t.updatedAt),
  ],
);
export * from './schema-jobs.js';
export * from './schema-admin.js';
export * from './schema-funding.js';
export * from './schema-chat.js';
export * from './schema-operations.js';
export * from './schema-rla.js';
