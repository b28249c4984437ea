import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns.js';
import { users } from './schema.js';

/** Markdown pages the Admin uploads; `file_type` names the page a file drives (one each). */
export const markdownFiles = pgTable(
  'markdown_files',
  {
    id: identityId(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    content: text('content').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('markdown_files_type_key').on(t.fileType)],
);

/**
 * One accepted piece of work a person did in an audit: a target mapping or an adjudication.
 * The pipeline writes these when work is accepted; the leaderboard counts them.
 */
export const leaderboardCredits = pgTable(
  'leaderboard_credits',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key: credit earned stays when its job is deleted later. */
    jobId: integer('job_id'),
    kind: text('kind').notNull(),
    /** What was accepted (a style's target map, a ballot's decision): credited once. */
    subject: text('subject').notNull(),
    /** An adjudicator's review: whether it agreed with the item's final decision. */
    agreed: boolean('agreed'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('leaderboard_credits_subject_key').on(t.kind, t.jobId, t.subject).nullsNotDistinct(),
    index('leaderboard_credits_user_idx').on(t.userId, t.kind),
  ],
);
