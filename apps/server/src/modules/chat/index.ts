import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { createChatHub } from './chat.hub.js';
import { attachChatSocket } from './chat.socket.js';
import { registerMessageRoutes } from './messages.routes.js';
import { registerRoomRoutes } from './rooms.routes.js';

/** Discussion rooms: the REST calls of the spec and the socket that carries messages live. */
export function registerChatModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  io: Server,
): void {
  const hub = createChatHub(io);
  registerRoomRoutes(app, auth, deps, hub);
  registerMessageRoutes(app, auth, deps, hub);
  attachChatSocket(io, auth, deps, hub);
}

export { exportRoomHistory } from './history.service.js';
