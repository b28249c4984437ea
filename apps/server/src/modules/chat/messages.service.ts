import { z } from 'zod';
import {
  CHAT_MESSAGES,
  type ChatMessage,
  type MessagePage,
  type deleteEventSchema,
  type editEventSchema,
  type markSeenBodySchema,
  type reactionEventSchema,
  type sendEventSchema,
} from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { openRoom } from './chat.access.js';
import type { ChatHub } from './chat.hub.js';
import { presentMessage } from './chat.presenter.js';
import {
  addReaction,
  deleteFiles,
  findMessage,
  insertMessage,
  loadBundles,
  pageMessageIds,
  removeReaction,
  updateMessage,
  type MessageRow,
} from './messages.repository.js';
import { listSeenMarks, markSeen as moveSeenMark, updateRoom } from './rooms.repository.js';

type SendEvent = z.infer<typeof sendEventSchema>;
type EditEvent = z.infer<typeof editEventSchema>;
type DeleteEvent = z.infer<typeof deleteEventSchema>;
type ReactionEvent = z.infer<typeof reactionEventSchema>;
type MarkSeenBody = z.infer<typeof markSeenBodySchema>;

export async function presentMessages(db: Executor, roomId: number, ids: number[]) {
  const [bundles, marks] = await Promise.all([loadBundles(db, ids), listSeenMarks(db, roomId)]);
  return bundles.map((bundle) => presentMessage(bundle, marks));
}

async function presentOne(db: Executor, message: MessageRow): Promise<ChatMessage> {
  const [presented] = await presentMessages(db, message.roomId, [message.id]);
  if (!presented) throw notFound();
  return presented;
}

/** Loads a message through its room: one in a room the user may not read is 404. */
export async function openMessage(db: Executor, user: UserRow, messageId: number) {
  const message = await findMessage(db, messageId);
  if (!message) throw notFound();
  const opened = await openRoom(db, user, message.roomId);
  return { message, ...opened };
}

const assertAuthor = (user: UserRow, message: MessageRow) => {
  if (message.senderId !== user.id && !isAdmin(user)) throw forbidden(CHAT_MESSAGES.authorOnly);
};
const assertLive = (message: MessageRow) => {
  if (message.deletedAt) throw conflict(CHAT_MESSAGES.messageDeleted);
};

/** A page of messages strictly before the cursor (message ids only grow): stable under new arrivals. */
export async function listMessages(
  deps: AppDeps,
  user: UserRow,
  roomId: number,
  page: { before?: number | undefined; limit: number },
): Promise<MessagePage> {
  const db = deps.database.db;
  await openRoom(db, user, roomId);
  const ids = await pageMessageIds(db, roomId, page.before, page.limit + 1);
  const pageIds = ids.slice(0, page.limit);
  const items = await presentMessages(db, roomId, [...pageIds].reverse());
  const oldest = pageIds.at(-1);
  return { items, next_before: ids.length > page.limit && oldest ? oldest : null };
}

export async function sendMessage(deps: AppDeps, hub: ChatHub, user: UserRow, event: SendEvent) {
  if (event.sender_id !== user.id) throw forbidden(CHAT_MESSAGES.senderNotYou);
  const db = deps.database.db;
  await openRoom(db, user, event.roomid);
  const content = event.content.trim();
  if (!content && event.files.length === 0) throw badRequest(CHAT_MESSAGES.contentRequired);
  const replyId = event.replyMessage?.id;
  if (replyId) {
    const quoted = await findMessage(db, replyId);
    if (quoted?.roomId !== event.roomid) throw badRequest(CHAT_MESSAGES.replyElsewhere);
  }
  const row = await db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, {
      roomId: event.roomid,
      senderId: user.id,
      content,
      replyToId: replyId ?? null,
    });
    await updateRoom(tx, event.roomid, { lastUpdated: inserted.createdAt });
    // The author has read up to their own message.
    await moveSeenMark(tx, event.roomid, user.id, inserted.id, inserted.createdAt);
    return inserted;
  });
  const message = await presentOne(db, row);
  hub.toRoom(row.roomId, { type: 'message', message });
  return message;
}

export async function editMessage(deps: AppDeps, hub: ChatHub, user: UserRow, event: EditEvent) {
  const db = deps.database.db;
  const { message } = await openMessage(db, user, event.messageId);
  assertAuthor(user, message);
  assertLive(message);
  const content = event.content.trim();
  if (!content) throw badRequest(CHAT_MESSAGES.contentRequired);
  await db.transaction(async (tx) => {
    await updateMessage(tx, message.id, { content, editedAt: new Date() });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_message',
      subjectId: message.id,
      action: 'edit',
      data: { roomId: message.roomId },
    });
  });
  return pushUpdate(deps, hub, message.id);
}

/** Deletes a message: it keeps its place with its deleted time; its files leave the store. */
export async function deleteMessage(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  event: DeleteEvent,
) {
  const db = deps.database.db;
  const { message } = await openMessage(db, user, event.messageId);
  assertAuthor(user, message);
  assertLive(message);
  const keys = await db.transaction(async (tx) => {
    const removed = await deleteFiles(tx, message.id);
    await updateMessage(tx, message.id, { content: '', deletedAt: new Date() });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_message',
      subjectId: message.id,
      action: 'delete',
      data: { roomId: message.roomId },
    });
    return removed;
  });
  await removeBlobs(deps, keys);
  return pushUpdate(deps, hub, message.id);
}

export async function removeBlobs(deps: AppDeps, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      deps.blobs.delete(key).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'chat file left in the store');
      }),
    ),
  );
}

/** Sends the message as it now stands to everyone in its room, and answers it. */
export async function pushUpdate(deps: AppDeps, hub: ChatHub, messageId: number) {
  const row = await findMessage(deps.database.db, messageId);
  if (!row) throw notFound();
  const message = await presentOne(deps.database.db, row);
  hub.toRoom(row.roomId, { type: 'update', message });
  return message;
}

/** 'getmessage': the current message, pushed again to the room (after its files arrive). */
export async function refreshMessage(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  messageId: number,
) {
  await openMessage(deps.database.db, user, messageId);
  return pushUpdate(deps, hub, messageId);
}

export async function reactToMessage(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  event: ReactionEvent,
) {
  if (event.user_id !== user.id) throw forbidden(CHAT_MESSAGES.notYou);
  const db = deps.database.db;
  const { message } = await openMessage(db, user, event.messageId);
  if (message.roomId !== event.room_id) throw notFound();
  assertLive(message);
  if (event.remove === 'add') await addReaction(db, message.id, user.id, event.reaction);
  else await removeReaction(db, message.id, user.id, event.reaction);
  return pushUpdate(deps, hub, message.id);
}

/** Marks the message and every earlier one in the room as seen by the caller. */
export async function markSeen(deps: AppDeps, hub: ChatHub, user: UserRow, body: MarkSeenBody) {
  if (body.user_id !== user.id) throw forbidden(CHAT_MESSAGES.notYou);
  const db = deps.database.db;
  const { message } = await openMessage(db, user, body.message_id);
  if (message.roomId !== body.room_id) throw notFound();
  const at = new Date();
  const moved = await moveSeenMark(db, message.roomId, user.id, message.id, at);
  if (moved) {
    hub.toRoom(message.roomId, {
      type: 'seen',
      room_id: message.roomId,
      user_id: user.id,
      message_id: message.id,
      c_time: at.toISOString(),
    });
  }
}
