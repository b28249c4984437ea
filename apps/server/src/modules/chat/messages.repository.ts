import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { chatMessageFiles, chatMessages, chatReactions, users } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type MessageRow = typeof chatMessages.$inferSelect;
export type MessageFileRow = typeof chatMessageFiles.$inferSelect;
export interface SenderRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** A message with everything its presentation needs. */
export interface MessageBundle {
  message: MessageRow;
  sender: SenderRow | null;
  files: MessageFileRow[];
  reactions: { userId: number; reaction: string }[];
  reply: { message: MessageRow; files: MessageFileRow[] } | null;
}

export async function findMessage(db: Executor, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return row ?? null;
}

export async function insertMessage(
  db: Executor,
  values: typeof chatMessages.$inferInsert,
): Promise<MessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('Message insert returned no row');
  return row;
}

export async function updateMessage(
  db: Executor,
  id: number,
  values: Partial<typeof chatMessages.$inferInsert>,
): Promise<void> {
  await db.update(chatMessages).set(values).where(eq(chatMessages.id, id));
}

/** Ids of a room's messages strictly before `before`, newest first: a page that never shifts. */
export async function pageMessageIds(
  db: Executor,
  roomId: number,
  before: number | undefined,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), before ? lt(chatMessages.id, before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Loads messages with senders, files, reactions and quoted messages, in the order of `ids`. */
export async function loadBundles(db: Executor, ids: number[]): Promise<MessageBundle[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      message: chatMessages,
      sender: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(inArray(chatMessages.id, ids));
  const replyIds = rows.flatMap((r) => (r.message.replyToId ? [r.message.replyToId] : []));
  const replies = replyIds.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.id, replyIds))
    : [];
  const fileOwners = [...ids, ...replyIds];
  const [files, reactions] = await Promise.all([
    db
      .select()
      .from(chatMessageFiles)
      .where(inArray(chatMessageFiles.messageId, fileOwners))
      .orderBy(chatMessageFiles.id),
    db
      .select({
        messageId: chatReactions.messageId,
        userId: chatReactions.userId,
        reaction: chatReactions.reaction,
      })
      .from(chatReactions)
      .where(inArray(chatReactions.messageId, ids))
      .orderBy(chatReactions.createdAt),
  ]);
  const filesOf = (id: number) => files.filter((f) => f.messageId === id);
  const byId = new Map(rows.map((r) => [r.message.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const quoted = replies.find((m) => m.id === row.message.replyToId);
    return [
      {
        message: row.message,
        sender: row.sender,
        files: filesOf(id),
        reactions: reactions.filter((r) => r.messageId === id),
        reply: quoted ? { message: quoted, files: filesOf(quoted.id) } : null,
      },
    ];
  });
}

export async function insertFiles(
  db: Executor,
  values: (typeof chatMessageFiles.$inferInsert)[],
): Promise<void> {
  if (values.length) await db.insert(chatMessageFiles).values(values);
}

export async function findFile(db: Executor, id: number) {
  const [row] = await db
    .select({ file: chatMessageFiles, roomId: chatMessages.roomId })
    .from(chatMessageFiles)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
    .where(eq(chatMessageFiles.id, id))
    .limit(1);
  return row ?? null;
}

/** Removes a message's file rows and answers their storage keys. */
export async function deleteFiles(db: Executor, messageId: number): Promise<string[]> {
  const rows = await db
    .delete(chatMessageFiles)
    .where(eq(chatMessageFiles.messageId, messageId))
    .returning({ key: chatMessageFiles.storageKey });
  return rows.map((row) => row.key);
}

/** Storage keys of every file in a room, to remove from the store after the room goes. */
export async function listRoomFileKeys(db: Executor, roomId: number): Promise<string[]> {
  const rows = await db
    .select({ key: chatMessageFiles.storageKey })
    .from(chatMessageFiles)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
    .where(eq(chatMessages.roomId, roomId));
  return rows.map((row) => row.key);
}

export async function addReaction(
  db: Executor,
  messageId: number,
  userId: number,
  reaction: string,
) {
  await db.insert(chatReactions).values({ messageId, userId, reaction }).onConflictDoNothing();
}

export async function removeReaction(
  db: Executor,
  messageId: number,
  userId: number,
  reaction: string,
) {
  await db
    .delete(chatReactions)
    .where(
      and(
        eq(chatReactions.messageId, messageId),
        eq(chatReactions.userId, userId),
        eq(chatReactions.reaction, reaction),
      ),
    );
}

/** Every message of a room, oldest first, for an export. */
export async function listAllMessageIds(db: Executor, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(chatMessages.id);
  return rows.map((row) => row.id);
}
