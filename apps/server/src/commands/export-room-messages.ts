import { CHAT_MESSAGES, type ChatMessage } from '@scrutineer/contracts';
import type { AppDeps } from '../platform/deps.js';
import { recordEvent } from '../platform/db/events.js';
import { forbidden, notFound } from '../platform/errors.js';
import { newBlobKey } from '../platform/storage/index.js';
import { exportRoomHistory } from '../modules/chat/index.js';
import { attachmentUrl, insertAttachment } from '../modules/job-attachments/index.js';
import { isAdmin, type UserRow } from '../modules/users/index.js';

const when = (iso: string) => `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC`;

function sizeText(bytes: number): string {
  if (bytes >= 1_073_741_824) return `${(bytes / 1_073_741_824).toFixed(2)} GB`;
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(2)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${bytes} B`;
}

/** One message as readable lines: time, author, words, quote, files, reactions, edits. */
export function formatMessage(message: ChatMessage): string[] {
  const author = message.users
    ? `${message.users.first_name} ${message.users.last_name} <${message.users.email}>`.trim()
    : 'A removed account';
  const head = `[${when(message.timestamp)}] #${message.id} ${author}:`;
  if (message.deleted) return [`${head} (message deleted ${when(message.deleted)})`];
  const lines = [`${head} ${message.content}`];
  const quote = message.replyMessage;
  if (quote)
    lines.push(`    in reply to #${quote.id}: ${quote.deleted ? '(deleted)' : quote.content}`);
  for (const file of message.files) lines.push(`    file: ${file.name} (${sizeText(file.size)})`);
  const reactions = Object.entries(message.reactions).map(([r, ids]) => `${r} ${ids.length}`);
  if (reactions.length) lines.push(`    reactions: ${reactions.join(', ')}`);
  if (message.edited) lines.push(`    (edited ${when(message.edited)})`);
  return lines;
}

/**
 * Export Messages (Admin): writes a room's whole history as a UTF-8 text file and attaches it
 * to the room's job, where the job's people read it with the other attachments.
 */
export async function exportRoomMessages(
  deps: AppDeps,
  user: UserRow,
  body: { job_id: number; export_data: { room_id: number } },
) {
  if (!isAdmin(user)) throw forbidden(CHAT_MESSAGES.adminOnlyExport);
  const { room, job, messages } = await exportRoomHistory(deps, user, body.export_data.room_id);
  if (room.jobId !== body.job_id) throw notFound();
  const now = new Date().toISOString();
  const text = [
    `Room: ${room.name}`,
    `Audit job: ${job.row.job.name} (#${job.row.job.id})`,
    `Exported ${when(now)} by ${user.email}`,
    `Messages: ${messages.length}`,
    '',
    ...messages.flatMap(formatMessage),
    '',
  ].join('\n');
  const stamp = now.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const safeName = room.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'room';
  const fileName = `${safeName}-messages-${stamp}.txt`;
  const content = Buffer.from(text, 'utf8');
  const key = newBlobKey(`${job.row.job.address || `jobs/${job.row.job.id}`}/attachments`);
  await deps.blobs.put(key, content);
  const row = await deps.database.db.transaction(async (tx) => {
    const inserted = await insertAttachment(tx, {
      jobId: room.jobId,
      fileName,
      contentType: 'text/plain; charset=utf-8',
      size: content.length,
      storageKey: key,
      uploadedBy: user.id,
      description: `Messages of the room **${room.name}**, exported by ${user.email}.`,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_room',
      subjectId: room.id,
      action: 'export',
      data: { jobId: room.jobId, attachmentId: inserted.id, messages: messages.length },
    });
    return inserted;
  });
  return {
    message: CHAT_MESSAGES.exported,
    id: row.id,
    file_name: fileName,
    url: attachmentUrl(row.id),
  };
}
