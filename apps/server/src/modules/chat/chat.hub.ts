import type { Server } from 'socket.io';
import type { ChatPush } from '@scrutineer/contracts';

export const roomChannel = (roomId: number) => `room:${roomId}`;
export const userChannel = (userId: number) => `user:${userId}`;
/** Admins may read every room, so their sockets hear every room. */
export const ADMIN_CHANNEL = 'admins';

/** How services reach live connections; through the adapter, on every API instance. */
export interface ChatHub {
  toRoom(roomId: number, push: ChatPush): void;
  toUsers(userIds: number[], push: ChatPush): void;
  /** Adds or removes people's open sockets to a room at once. */
  join(userIds: number[], roomId: number): void;
  leave(userIds: number[], roomId: number): void;
}

export function createChatHub(io: Server): ChatHub {
  return {
    toRoom: (roomId, push) => {
      io.to(roomChannel(roomId)).to(ADMIN_CHANNEL).emit('MESSAGE', push);
    },
    toUsers: (userIds, push) => {
      if (userIds.length) io.to(userIds.map(userChannel)).emit('MESSAGE', push);
    },
    join: (userIds, roomId) => {
      if (userIds.length) io.in(userIds.map(userChannel)).socketsJoin(roomChannel(roomId));
    },
    leave: (userIds, roomId) => {
      if (userIds.length) io.in(userIds.map(userChannel)).socketsLeave(roomChannel(roomId));
    },
  };
}
