import type { FastifyInstance } from 'fastify';
import { CHAT_MESSAGES, chatRoutes } from '@scrutineer/contracts';
import { exportRoomMessages } from '../../commands/export-room-messages.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import type { ChatHub } from './chat.hub.js';
import {
  addRoom,
  deleteRoom,
  listRooms,
  listUsers,
  updateRoom,
  updateRoomUsers,
} from './rooms.service.js';

export function registerRoomRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  hub: ChatHub,
): void {
  const r = chatRoutes;
  registerRoute(app, auth, r.usersList, {
    access: 'session',
    handler: async ({ user, query }) => ({ items: await listUsers(deps, user, query.job_id) }),
  });
  registerRoute(app, auth, r.addRoom, {
    access: 'session',
    handler: async ({ user, body }) => ({
      message: CHAT_MESSAGES.roomCreated,
      ...(await addRoom(deps, hub, user, body)),
    }),
  });
  registerRoute(app, auth, r.rooms, {
    access: 'session',
    handler: async ({ user, params, query }) => listRooms(deps, user, params.id, query),
  });
  registerRoute(app, auth, r.updateRoomUsers, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { message, room } = await updateRoomUsers(deps, hub, user, params.id, body.users);
      return { message, ...room };
    },
  });
  registerRoute(app, auth, r.updateRoom, {
    access: 'session',
    handler: async ({ user, params, body }) => ({
      message: CHAT_MESSAGES.roomUpdated,
      ...(await updateRoom(deps, hub, user, params.id, body)),
    }),
  });
  registerRoute(app, auth, r.deleteRoom, {
    access: 'session',
    handler: async ({ user, params }) => {
      await deleteRoom(deps, hub, user, params.id);
      return { message: CHAT_MESSAGES.roomDeleted };
    },
  });
  registerRoute(app, auth, r.reportExport, {
    access: 'session',
    handler: async ({ user, body }) => exportRoomMessages(deps, user, body),
  });
}
