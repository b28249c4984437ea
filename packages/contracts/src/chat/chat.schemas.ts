import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { CHAT_LIMITS } from './chat.constants.js';

/** A person as chat shows them: in the users list, on messages and in member pickers. */
export const chatUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;
export const chatUserListSchema = z.object({ items: z.array(chatUserSchema) });
export const usersListQuerySchema = z.object({
  job_id: z
    .string({ error: 'Required.' })
    .regex(/^[1-9]\d{0,9}$/, 'Invalid value.')
    .transform(Number),
});

export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastUpdated: z.string(),
  /** Member ids, as the spec's JSON list. */
  users: z.array(z.number().int()),
  audits: z.object({ id: z.number().int() }),
  avatar: z.string(),
  created_at: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

/** A page of a cursor-paged list; `next_before` fetches the page after it, null at the end. */
export const roomPageSchema = z.object({
  items: z.array(roomSchema),
  next_before: z.number().int().nullable(),
});
export type RoomPage = z.infer<typeof roomPageSchema>;

/** `before`: answer what comes strictly before this id, so later arrivals never move a page. */
export const cursorQuerySchema = (pageSize: number) =>
  z.object({
    before: recordIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(pageSize),
  });

/** The spec sends `users` as a JSON list: accept a list or its JSON text. */
const userIdsSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z.array(recordIdSchema).max(1000));

const roomNameSchema = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(CHAT_LIMITS.maxRoomNameLength, `At most ${CHAT_LIMITS.maxRoomNameLength} characters.`);

export const addRoomBodySchema = z.object({
  name: roomNameSchema,
  job_id: recordIdSchema,
  lastUpdated: z.string().optional(),
  users: userIdsSchema.default([]),
  avatar: z.string().max(2000).optional(),
});
export type AddRoomBody = z.infer<typeof addRoomBodySchema>;

export const roomSavedSchema = roomSchema.extend({ message: z.string() });

/** The room's new member list; it must add or remove at least one person. */
export const updateRoomUsersBodySchema = z.object({ users: userIdsSchema });
export const updateRoomBodySchema = z.object({
  lastUpdated: z.string().optional(),
  name: roomNameSchema.optional(),
  avatar: z.string().max(2000).optional(),
});

export const messageFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  extension: z.string(),
  url: z.string(),
  audio: z.boolean(),
  /** Seconds, for audio. */
  duration: z.number().nullable(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

export const replyMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  sender_id: z.number().int().nullable(),
  files: z.array(messageFileSchema),
  deleted: z.string().nullable(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  timestamp: z.string(),
  users: chatUserSchema.nullable(),
  rooms: z.object({ id: z.number().int() }),
  files: z.array(messageFileSchema),
  /** Reaction → ids of the people who gave it. */
  reactions: z.record(z.string(), z.array(z.number().int())),
  replyMessage: replyMessageSchema.nullable(),
  /** User id → when they saw it (the author is not listed). */
  seen: z.record(z.string(), z.string()),
  edited: z.string().nullable(),
  deleted: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messagePageSchema = z.object({
  /** Oldest first. */
  items: z.array(chatMessageSchema),
  next_before: z.number().int().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const uploadMessageFilesSchema = z.object({ message: z.string(), id: z.number().int() });
export const deleteMessageFilesBodySchema = z.object({
  message_id: recordIdSchema,
});

export const markSeenBodySchema = z.object({
  message_id: recordIdSchema,
  room_id: recordIdSchema,
  user_id: recordIdSchema,
  c_time: z.string().optional(),
});

const exportDataSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.object({ room_id: recordIdSchema }),
);
export const reportExportBodySchema = z.object({
  export_data: exportDataSchema,
  job_id: recordIdSchema,
});
export const reportExportedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  file_name: z.string(),
  url: z.string(),
});

// Socket payloads (client → server), in the spec's field names.

const contentSchema = z
  .string()
  .max(CHAT_LIMITS.maxContentLength, `At most ${CHAT_LIMITS.maxContentLength} characters.`);

export const sendEventSchema = z.object({
  sender_id: recordIdSchema,
  content: contentSchema.default(''),
  timestamp: z.string().optional(),
  roomid: recordIdSchema,
  /** Files that will follow through /upload-message-files (names only); they let content be empty. */
  files: z.array(z.unknown()).max(CHAT_LIMITS.maxFilesPerMessage).default([]),
  replyMessage: z.object({ id: recordIdSchema }).loose().nullable().optional(),
});
export const editEventSchema = z.object({
  messageId: recordIdSchema,
  edited: z.union([z.string(), z.boolean()]),
  content: contentSchema,
  files: z.array(z.unknown()).optional(),
});
export const deleteEventSchema = z.object({
  messageId: recordIdSchema,
  deleted: z.union([z.string(), z.boolean()]),
});
export const getMessageEventSchema = z.object({ messageId: recordIdSchema });
export const reactionEventSchema = z.object({
  room_id: recordIdSchema,
  messageId: recordIdSchema,
  user_id: recordIdSchema,
  reaction: z.string().trim().min(1, 'Required.').max(CHAT_LIMITS.maxReactionLength),
  remove: z.enum(['add', 'remove']),
});

/** What the server pushes on 'MESSAGE'. */
export type ChatPush =
  | { type: 'message'; message: ChatMessage }
  | { type: 'update'; message: ChatMessage }
  | { type: 'seen'; room_id: number; user_id: number; message_id: number; c_time: string }
  | { type: 'room'; room: Room }
  | { type: 'room-removed'; room_id: number };

/** The answer to every socket event (its acknowledgement). */
export type SocketAck = { ok: true; message?: ChatMessage } | { ok: false; error: string };
