import type { ChatMessage, MessageFile, Room } from '@scrutineer/contracts';
import type { MessageBundle, MessageFileRow } from './messages.repository.js';
import type { RoomWithMembers } from './rooms.repository.js';

export interface SeenMark {
  userId: number;
  messageId: number | null;
  at: Date | null;
}

export const messageFileUrl = (id: number) => `/api/message-files/${id}`;

export function presentRoom(row: RoomWithMembers): Room {
  return {
    id: row.id,
    name: row.name,
    lastUpdated: row.lastUpdated.toISOString(),
    users: row.users,
    audits: { id: row.jobId },
    avatar: row.avatar,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentFile(row: MessageFileRow): MessageFile {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.contentType,
    extension: row.extension,
    url: messageFileUrl(row.id),
    audio: row.contentType.startsWith('audio/'),
    duration: row.duration,
  };
}

/** A deleted message keeps its place and time, never its words or files. */
export function presentMessage(bundle: MessageBundle, marks: SeenMark[]): ChatMessage {
  const m = bundle.message;
  const seen: Record<string, string> = {};
  for (const mark of marks) {
    if (mark.userId === m.senderId || mark.messageId === null || mark.messageId < m.id) continue;
    seen[String(mark.userId)] = (mark.at ?? m.createdAt).toISOString();
  }
  const reactions: Record<string, number[]> = {};
  for (const r of bundle.reactions) (reactions[r.reaction] ??= []).push(r.userId);
  const quoted = bundle.reply;
  return {
    id: m.id,
    content: m.deletedAt ? '' : m.content,
    timestamp: m.createdAt.toISOString(),
    users: bundle.sender
      ? {
          id: bundle.sender.id,
          email: bundle.sender.email,
          first_name: bundle.sender.firstName,
          last_name: bundle.sender.lastName,
        }
      : null,
    rooms: { id: m.roomId },
    files: m.deletedAt ? [] : bundle.files.map(presentFile),
    reactions: m.deletedAt ? {} : reactions,
    replyMessage: quoted
      ? {
          id: quoted.message.id,
          content: quoted.message.deletedAt ? '' : quoted.message.content,
          sender_id: quoted.message.senderId,
          files: quoted.message.deletedAt ? [] : quoted.files.map(presentFile),
          deleted: quoted.message.deletedAt?.toISOString() ?? null,
        }
      : null,
    seen,
    edited: m.editedAt?.toISOString() ?? null,
    deleted: m.deletedAt?.toISOString() ?? null,
  };
}
