import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  auditJobMembers,
  auditJobs,
  chatRoomMembers,
  chatRooms,
  electionMembers,
  jobPermissions,
  users,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type RoomRow = typeof chatRooms.$inferSelect;
export interface RoomWithMembers extends RoomRow {
  users: number[];
}

const memberIds = sql<number[]>`coalesce((select array_agg(m.user_id order by m.user_id)
  from ${chatRoomMembers} m where m.room_id = ${chatRooms.id}), '{}'::integer[])`;

const roomColumns = {
  id: chatRooms.id,
  jobId: chatRooms.jobId,
  name: chatRooms.name,
  avatar: chatRooms.avatar,
  createdBy: chatRooms.createdBy,
  lastUpdated: chatRooms.lastUpdated,
  createdAt: chatRooms.createdAt,
  users: memberIds,
};

export async function findRoom(db: Executor, id: number): Promise<RoomWithMembers | null> {
  const [row] = await db.select(roomColumns).from(chatRooms).where(eq(chatRooms.id, id)).limit(1);
  return row ?? null;
}

/** A job's rooms, newest first, before a room id; `memberId` limits them to that person's. */
export async function listRooms(
  db: Executor,
  jobId: number,
  page: { before?: number | undefined; limit: number; memberId?: number },
): Promise<RoomWithMembers[]> {
  const member = page.memberId;
  return db
    .select(roomColumns)
    .from(chatRooms)
    .where(
      and(
        eq(chatRooms.jobId, jobId),
        page.before ? lt(chatRooms.id, page.before) : undefined,
        member === undefined
          ? undefined
          : sql`exists (select 1 from ${chatRoomMembers} m where m.room_id = ${chatRooms.id} and m.user_id = ${member})`,
      ),
    )
    .orderBy(desc(chatRooms.id))
    .limit(page.limit);
}

export async function insertRoom(
  db: Executor,
  values: typeof chatRooms.$inferInsert,
): Promise<RoomRow> {
  const [row] = await db.insert(chatRooms).values(values).returning();
  if (!row) throw new Error('Room insert returned no row');
  return row;
}

export async function updateRoom(
  db: Executor,
  id: number,
  values: Partial<typeof chatRooms.$inferInsert>,
): Promise<void> {
  await db.update(chatRooms).set(values).where(eq(chatRooms.id, id));
}

export async function deleteRoom(db: Executor, id: number): Promise<void> {
  await db.delete(chatRooms).where(eq(chatRooms.id, id));
}

export async function addRoomMembers(db: Executor, roomId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(chatRoomMembers)
    .values(ids.map((userId) => ({ roomId, userId })))
    .onConflictDoNothing();
}

export async function removeRoomMembers(
  db: Executor,
  roomId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), inArray(chatRoomMembers.userId, ids)));
}

export async function isRoomMember(db: Executor, roomId: number, userId: number) {
  const [row] = await db
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Rooms a person belongs to, with their jobs: what their socket joins. */
export async function listMemberships(db: Executor, userId: number) {
  return db
    .select({ roomId: chatRoomMembers.roomId, jobId: chatRooms.jobId })
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .where(eq(chatRoomMembers.userId, userId));
}

/** Moves the reader's mark forward (never back) and answers whether it moved. */
export async function markSeen(
  db: Executor,
  roomId: number,
  userId: number,
  messageId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(chatRoomMembers)
    .set({ lastSeenMessageId: messageId, lastSeenAt: at })
    .where(
      and(
        eq(chatRoomMembers.roomId, roomId),
        eq(chatRoomMembers.userId, userId),
        sql`coalesce(${chatRoomMembers.lastSeenMessageId}, 0) < ${messageId}`,
      ),
    )
    .returning({ userId: chatRoomMembers.userId });
  return rows.length > 0;
}

export async function listSeenMarks(db: Executor, roomId: number) {
  return db
    .select({
      userId: chatRoomMembers.userId,
      messageId: chatRoomMembers.lastSeenMessageId,
      at: chatRoomMembers.lastSeenAt,
    })
    .from(chatRoomMembers)
    .where(
      and(
        eq(chatRoomMembers.roomId, roomId),
        sql`${chatRoomMembers.lastSeenMessageId} is not null`,
      ),
    );
}

export async function findUsers(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/**
 * Everyone who might open the job: its members, the election's members, holders of a per-job
 * permission, Admins and fully authorised people. The job policy decides among them.
 */
export async function listJobCandidates(db: Executor, jobId: number) {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.active, true),
        eq(users.isSystem, false),
        sql`(${users.role} = 'Admin' or ${users.fullAuth}
          or exists (select 1 from ${auditJobMembers} m where m.job_id = ${jobId} and m.user_id = ${users.id})
          or exists (select 1 from ${jobPermissions} p where p.job_id = ${jobId} and p.user_id = ${users.id})
          or exists (select 1 from ${electionMembers} e join ${auditJobs} j on j.election_id = e.election_id
                     where j.id = ${jobId} and e.user_id = ${users.id}))`,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(1000);
}
