import type { ChatMessage } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { UserRow } from '../users/index.js';
import { openRoom } from './chat.access.js';
import { listAllMessageIds } from './messages.repository.js';
import { presentMessages } from './messages.service.js';

const BATCH = 500;

/** A room the user may read, with every message oldest first (for Export Messages). */
export async function exportRoomHistory(deps: AppDeps, user: UserRow, roomId: number) {
  const db = deps.database.db;
  const { room, job } = await openRoom(db, user, roomId);
  const ids = await listAllMessageIds(db, roomId);
  const messages: ChatMessage[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    messages.push(...(await presentMessages(db, roomId, ids.slice(i, i + BATCH))));
  }
  return { room, job, messages };
}
