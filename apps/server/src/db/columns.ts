import { integer, timestamp } from 'drizzle-orm/pg-core';

// Builders, not shared instances: every table needs columns of its own.

/** The identity primary key most tables carry. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** When the row was made, set by the database. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed; starts as the creation time, writers set it. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
