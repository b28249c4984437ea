import path from 'node:path';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { sniffContentType } from '../../platform/http/user-files.js';
import { newBlobKey } from '../../platform/storage/index.js';
import type { MultipartForm } from '../job-settings/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { openRoom } from './chat.access.js';
import type { ChatHub } from './chat.hub.js';
import { deleteFiles, findFile, insertFiles } from './messages.repository.js';
import { openMessage, pushUpdate, removeBlobs } from './messages.service.js';

export const MESSAGE_UPLOAD_LIMITS = {
  fileSize: CHAT_LIMITS.maxFileBytes,
  files: CHAT_LIMITS.maxFilesPerMessage,
};

const positiveId = (value: string | undefined, field: string) => {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id <= 0) throw badRequest(`${field}: Required.`);
  return id;
};

/** Stores files on the caller's own message and pushes the message with them to its room. */
export async function uploadMessageFiles(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  form: MultipartForm,
) {
  const messageId = positiveId(form.fields.message_id, 'message_id');
  const db = deps.database.db;
  const { message, room } = await openMessage(db, user, messageId);
  if (form.fields.job_id && Number(form.fields.job_id) !== room.jobId) throw notFound();
  // Files speak for the message's author, so not even an Admin adds them to someone else's.
  if (message.senderId !== user.id) throw forbidden(CHAT_MESSAGES.authorOnlyFiles);
  if (message.deletedAt) throw badRequest(CHAT_MESSAGES.messageDeleted);
  if (form.files.length === 0) throw badRequest(CHAT_MESSAGES.filesRequired);
  const duration = Number(form.fields.duration);
  const rows = [];
  for (const file of form.files) {
    const key = newBlobKey(`chat/rooms/${room.id}`);
    await deps.blobs.put(key, file.content);
    // The type comes from the bytes; bytes of no known format are kept as plain bytes.
    const contentType =
      (await sniffContentType(file.content, file.contentType)) ?? 'application/octet-stream';
    const isAudio = contentType.startsWith('audio/');
    rows.push({
      messageId,
      name: path.basename(file.fileName) || 'file',
      contentType,
      extension: path.extname(file.fileName).replace(/^\./, '').toLowerCase(),
      size: file.content.length,
      storageKey: key,
      duration: isAudio && Number.isFinite(duration) && duration >= 0 ? duration : null,
    });
  }
  await insertFiles(db, rows);
  await pushUpdate(deps, hub, messageId);
  return { message: CHAT_MESSAGES.filesUploaded, id: messageId };
}

export async function removeMessageFiles(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  messageId: number,
) {
  const db = deps.database.db;
  const { message } = await openMessage(db, user, messageId);
  if (message.senderId !== user.id && !isAdmin(user)) throw forbidden(CHAT_MESSAGES.authorOnly);
  const keys = await deleteFiles(db, messageId);
  await removeBlobs(deps, keys);
  await pushUpdate(deps, hub, messageId);
}

export async function openMessageFile(deps: AppDeps, user: UserRow, fileId: number) {
  const row = await findFile(deps.database.db, fileId);
  if (!row) throw notFound();
  await openRoom(deps.database.db, user, row.roomId);
  return { file: row.file, stream: await deps.blobs.read(row.file.storageKey) };
}
