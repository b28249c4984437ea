import { CHAT_MESSAGES } from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { loadJob, type LoadedJob } from '../audit-jobs/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { findRoom, type RoomWithMembers } from './rooms.repository.js';

export interface OpenedRoom {
  room: RoomWithMembers;
  job: LoadedJob;
}

/**
 * Loads a room the user may read: they can open its job, and they are a member (an Admin
 * reads every room). Anything else is 404, so rooms cannot be discovered by id.
 */
export async function openRoom(db: Executor, user: UserRow, roomId: number): Promise<OpenedRoom> {
  const room = await findRoom(db, roomId);
  if (!room) throw notFound();
  const job = await loadJob(db, user, room.jobId).catch(() => {
    throw notFound();
  });
  if (!isAdmin(user) && !room.users.includes(user.id)) throw notFound();
  return { room, job };
}

/** Creating rooms and managing their members and names is the Admin's (spec part 3, §6). */
export function assertRoomManager(user: UserRow): void {
  if (!isAdmin(user)) throw forbidden(CHAT_MESSAGES.adminOnlyRooms);
}
