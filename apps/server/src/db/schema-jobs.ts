import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns.js';
import { elections, users } from './schema.js';

/** An audit of one election; its files live under `address` in blob storage. */
export const auditJobs = pgTable(
  'audit_jobs',
  {
    id: identityId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Jobs hold files and operations: an election with jobs cannot be deleted. */
    electionId: integer('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('New'),
    isTest: boolean('is_test').notNull().default(false),
    /** The job folder in blob storage; every job file and output lives under it. */
    address: text('address').notNull().default(''),
    requestDonate: numeric('request_donate', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    receivedDonation: numeric('received_donation', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('audit_jobs_election_idx').on(t.electionId, t.id)],
);

/** A person's role on a job (Auditor, Uploader, Observer); without a row the election role applies. */
export const auditJobMembers = pgTable(
  'audit_job_members',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_job_members_job_user_key').on(t.jobId, t.userId),
    index('audit_job_members_user_idx').on(t.userId),
  ],
);

/** A job file (JOB, EIF, BOF, STC, JSON): one of each type per job, stored under the job folder. */
export const jobFiles = pgTable(
  'job_files',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    etag: text('etag').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('job_files_job_name_key').on(t.jobId, t.fileName),
    uniqueIndex('job_files_job_type_key').on(t.jobId, t.fileType),
  ],
);

/** An image, PDF or Word document attached to a job with a markdown description. */
export const jobAttachments = pgTable(
  'job_attachments',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** Empty until the description is saved (add-auditattech); unsaved uploads are not listed. */
    description: text('description').notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('job_attachments_job_idx').on(t.jobId, t.id)],
);

/** An audit type (Admin): its id is derived from its name. Flags are 'TRUE'/'FALSE' as the spec stores them. */
export const auditTypes = pgTable('audit_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  premium: text('premium').notNull().default('FALSE'),
  show: text('show').notNull().default('TRUE'),
  help: text('help').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A group of job arguments (e.g. bia_specs) of an audit type; a JOB file writes one section per group. */
export const argGroups = pgTable(
  'arg_groups',
  {
    id: identityId(),
    auditTypeId: text('audit_type_id')
      .notNull()
      .references(() => auditTypes.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    group: text('group').notNull(),
    groupName: text('group_name').notNull().default(''),
    help: text('help').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('arg_groups_type_group_key').on(t.auditTypeId, t.group)],
);

/** One job argument: its type, default value, choices, and the stages it applies to. */
export const argSpecs = pgTable(
  'arg_specs',
  {
    id: identityId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => argGroups.id, { onDelete: 'cascade' }),
    argument: text('argument').notNull(),
    value: text('value').notNull().default(''),
    /** bool, int, str or list. */
    type: text('type').notNull().default('str'),
    choices: text('choices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    help: text('help').notNull().default(''),
    format: text('format').notNull().default(''),
    multi: boolean('multi').notNull().default(false),
    /** '' (all stages), 'session', a comma list of stages, or 'DEPRECATED'. */
    stages: text('stages').notNull().default(''),
    createJobFileApi: boolean('create_job_file_api').notNull().default(true),
    internal: boolean('internal').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('arg_specs_group_argument_key').on(t.groupId, t.argument)],
);

/**
 * The Admin's grant of one job to one user: the whole job (full range) or ballot ranges of
 * page 1 and page 2 (and style ranges). A row lets the user open the job and work its ranges.
 */
export const jobPermissions = pgTable(
  'job_permissions',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    fullRange: boolean('full_range').notNull().default(false),
    start: integer('start').notNull().default(0),
    end: integer('end').notNull().default(0),
    page1: boolean('page_1').notNull().default(false),
    page2: boolean('page_2').notNull().default(false),
    page2Start: integer('page2_start').notNull().default(0),
    page2End: integer('page2_end').notNull().default(0),
    stylePage1: jsonb('style_page_1')
      .$type<{ start: number; end: number }[]>()
      .notNull()
      .default([]),
    stylePage2: jsonb('style_page_2')
      .$type<{ start: number; end: number }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_permissions_user_job_key').on(t.userId, t.jobId),
    index('job_permissions_job_idx').on(t.jobId),
  ],
);

/** A user's request for access to jobs; the Admin answers it per job. */
export const jobPermissionRequests = pgTable(
  'job_permission_requests',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobIds: integer('job_ids').array().notNull(),
    /** Pending until the Admin answers; then Answered with the per-job answers. */
    status: text('status').notNull().default('Pending'),
    jobPermission: jsonb('job_permission')
      .$type<{ job_id: number; accept_permission: boolean; permission: boolean }[]>()
      .notNull()
      .default([]),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('job_permission_requests_user_idx').on(t.userId)],
);
