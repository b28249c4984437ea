import {
  CHAT_MESSAGES,
  type AddRoomBody,
  type ChatUser,
  type RoomPage,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { loadJob } from '../audit-jobs/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { assertRoomManager, openRoom } from './chat.access.js';
import type { ChatHub } from './chat.hub.js';
import { presentRoom } from './chat.presenter.js';
import { listRoomFileKeys } from './messages.repository.js';
import {
  addRoomMembers,
  deleteRoom as deleteRoomRow,
  findRoom,
  insertRoom,
  listJobCandidates,
  listRooms as listRoomRows,
  removeRoomMembers,
  updateRoom as updateRoomRow,
} from './rooms.repository.js';

/** People who can open the job (its members, permitted people, Admins), as the job policy says. */
export async function listJobPeople(deps: AppDeps, user: UserRow, jobId: number) {
  const db = deps.database.db;
  await loadJob(db, user, jobId);
  const candidates = await listJobCandidates(db, jobId);
  const allowed = await Promise.all(
    candidates.map((person) =>
      loadJob(db, person, jobId).then(
        () => true,
        () => false,
      ),
    ),
  );
  return candidates.filter((_, i) => allowed[i]);
}

const presentUser = (row: UserRow): ChatUser => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
});

export async function listUsers(deps: AppDeps, user: UserRow, jobId: number) {
  return (await listJobPeople(deps, user, jobId)).map(presentUser);
}

/** Refuses anyone in `ids` who cannot open the job: a room never holds an outsider. */
async function assertCanJoin(deps: AppDeps, user: UserRow, jobId: number, ids: number[]) {
  if (ids.length === 0) return;
  const people = new Set((await listJobPeople(deps, user, jobId)).map((p) => p.id));
  const outsider = ids.find((id) => !people.has(id));
  if (outsider !== undefined) throw badRequest(CHAT_MESSAGES.userCannotOpenJob(`User ${outsider}`));
}

async function reloadRoom(deps: AppDeps, id: number) {
  const room = await findRoom(deps.database.db, id);
  if (!room) throw notFound();
  return room;
}

export async function addRoom(deps: AppDeps, hub: ChatHub, user: UserRow, body: AddRoomBody) {
  assertRoomManager(user);
  await loadJob(deps.database.db, user, body.job_id);
  const members = [...new Set([user.id, ...body.users])];
  await assertCanJoin(deps, user, body.job_id, members);
  const id = await deps.database.db.transaction(async (tx) => {
    const room = await insertRoom(tx, {
      jobId: body.job_id,
      name: body.name,
      avatar: body.avatar ?? '',
      createdBy: user.id,
    });
    await addRoomMembers(tx, room.id, members);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_room',
      subjectId: room.id,
      action: 'create',
      data: { jobId: body.job_id, name: body.name, users: members },
    });
    return room.id;
  });
  const room = presentRoom(await reloadRoom(deps, id));
  hub.join(members, id);
  hub.toUsers(members, { type: 'room', room });
  return room;
}

export async function listRooms(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  page: { before?: number | undefined; limit: number },
): Promise<RoomPage> {
  await loadJob(deps.database.db, user, jobId);
  const rows = await listRoomRows(deps.database.db, jobId, {
    before: page.before,
    limit: page.limit + 1,
    ...(isAdmin(user) ? {} : { memberId: user.id }),
  });
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map(presentRoom),
    next_before: rows.length > page.limit && last ? last.id : null,
  };
}

/** Sets the member list; removed people's open sockets leave the room before this answers. */
export async function updateRoomUsers(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  roomId: number,
  users: number[],
) {
  assertRoomManager(user);
  const { room } = await openRoom(deps.database.db, user, roomId);
  const next = new Set(users);
  const added = [...next].filter((id) => !room.users.includes(id));
  const removed = room.users.filter((id) => !next.has(id));
  if (added.length === 0 && removed.length === 0) throw badRequest(CHAT_MESSAGES.selectUsers);
  await assertCanJoin(deps, user, room.jobId, added);
  await deps.database.db.transaction(async (tx) => {
    await addRoomMembers(tx, roomId, added);
    await removeRoomMembers(tx, roomId, removed);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_room',
      subjectId: roomId,
      action: 'members',
      data: { added, removed },
    });
  });
  hub.leave(removed, roomId);
  hub.toUsers(removed, { type: 'room-removed', room_id: roomId });
  hub.join(added, roomId);
  const saved = presentRoom(await reloadRoom(deps, roomId));
  hub.toUsers(saved.users, { type: 'room', room: saved });
  const message =
    removed.length && !added.length ? CHAT_MESSAGES.usersRemoved : CHAT_MESSAGES.usersAdded;
  return { message, room: saved };
}

export async function updateRoom(
  deps: AppDeps,
  hub: ChatHub,
  user: UserRow,
  roomId: number,
  body: { name?: string | undefined; avatar?: string | undefined },
) {
  assertRoomManager(user);
  await openRoom(deps.database.db, user, roomId);
  await deps.database.db.transaction(async (tx) => {
    await updateRoomRow(tx, roomId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
      lastUpdated: new Date(),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_room',
      subjectId: roomId,
      action: 'update',
      data: body.name !== undefined ? { name: body.name } : {},
    });
  });
  const saved = presentRoom(await reloadRoom(deps, roomId));
  hub.toUsers(saved.users, { type: 'room', room: saved });
  return saved;
}

/** Deletes a room with its messages; their files leave the store after the rows. */
export async function deleteRoom(deps: AppDeps, hub: ChatHub, user: UserRow, roomId: number) {
  assertRoomManager(user);
  const { room } = await openRoom(deps.database.db, user, roomId);
  const keys = await listRoomFileKeys(deps.database.db, roomId);
  await deps.database.db.transaction(async (tx) => {
    await deleteRoomRow(tx, roomId);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'chat_room',
      subjectId: roomId,
      action: 'delete',
      data: { jobId: room.jobId, name: room.name },
    });
  });
  hub.toUsers(room.users, { type: 'room-removed', room_id: roomId });
  hub.leave(room.users, roomId);
  await Promise.all(
    keys.map((key) =>
      deps.blobs.delete(key).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'chat file left in the store');
      }),
    ),
  );
}
