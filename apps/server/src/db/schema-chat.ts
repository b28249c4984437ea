import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns.js';
import { users } from './schema.js';
import { auditJobs } from './schema-jobs.js';

/** A discussion room of an audit job. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_rooms_job_idx').on(t.jobId, t.id)],
);

/** Who belongs to a room, and how far they have read (the seen marks derive from it). */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenMessageId: bigint('last_seen_message_id', { mode: 'number' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('chat_room_members_user_idx').on(t.userId),
  ],
);

/** A message; edits and deletes keep the row (and its place in the pages) with their time. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id)],
);

/** A file attached to a message, kept in blob storage under a generated key. */
export const chatMessageFiles = pgTable(
  'chat_message_files',
  {
    id: identityId(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** Seconds, for audio files. */
    duration: doublePrecision('duration'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_message_files_message_idx').on(t.messageId)],
);

export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.reaction] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Large socket.io payloads passed between API instances by the PostgreSQL adapter. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).default(sql`now()`),
  payload: bytea('payload'),
});
