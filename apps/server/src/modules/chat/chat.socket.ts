import { decodeJwt } from 'jose';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  deleteEventSchema,
  editEventSchema,
  getMessageEventSchema,
  reactionEventSchema,
  sendEventSchema,
  type ChatMessage,
  type SocketAck,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { loadJob } from '../audit-jobs/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { ADMIN_CHANNEL, roomChannel, userChannel, type ChatHub } from './chat.hub.js';
import {
  deleteMessage,
  editMessage,
  reactToMessage,
  refreshMessage,
  sendMessage,
} from './messages.service.js';
import { listMemberships } from './rooms.repository.js';

interface SocketData {
  token: string;
}

const tokenOf = (socket: Socket): string => {
  const auth = socket.handshake.auth as { token?: unknown };
  return typeof auth.token === 'string' ? auth.token : '';
};

/** Joins the socket to the rooms its person belongs to, in jobs they can still open. */
async function joinRooms(deps: AppDeps, socket: Socket, user: UserRow): Promise<void> {
  const db = deps.database.db;
  const memberships = await listMemberships(db, user.id);
  const jobs = [...new Set(memberships.map((m) => m.jobId))];
  const open = new Set<number>();
  await Promise.all(
    jobs.map((jobId) =>
      loadJob(db, user, jobId).then(
        () => open.add(jobId),
        () => undefined,
      ),
    ),
  );
  const channels = memberships.filter((m) => open.has(m.jobId)).map((m) => roomChannel(m.roomId));
  await socket.join([userChannel(user.id), ...(isAdmin(user) ? [ADMIN_CHANNEL] : []), ...channels]);
}

function describeError(error: z.ZodError): string {
  const first = error.issues[0];
  const field = first?.path.join('.') ?? '';
  const message = first?.message ?? 'Invalid value.';
  return field ? `${field}: ${message}` : message;
}

/**
 * The chat socket: the handshake carries the access token; every event reads the account again,
 * so deactivation or a password change refuses the next event and drops the connection.
 */
export function attachChatSocket(io: Server, auth: Authenticator, deps: AppDeps, hub: ChatHub) {
  io.use((socket, next) => {
    const token = tokenOf(socket);
    auth
      .identifyToken(token)
      .then(async (user) => {
        (socket.data as SocketData).token = token;
        await joinRooms(deps, socket, user);
        next();
      })
      .catch((error: unknown) => {
        next(new Error(error instanceof AppError ? error.message : 'Please sign in to continue.'));
      });
  });

  io.on('connection', (socket) => {
    const { token } = socket.data as SocketData;
    // The connection lasts as long as its token; the client reconnects with a fresh one.
    const exp = decodeJwt(token).exp;
    const expiry = exp
      ? setTimeout(() => socket.disconnect(true), Math.max(0, exp * 1000 - Date.now()))
      : undefined;
    socket.on('disconnect', () => clearTimeout(expiry));

    const handle = <S extends z.ZodType>(
      event: string,
      schema: S | ((payload: unknown) => S),
      run: (user: UserRow, payload: z.infer<S>) => Promise<ChatMessage | undefined>,
    ) => {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply = (answer: SocketAck) => {
          if (typeof ack === 'function') (ack as (answer: SocketAck) => void)(answer);
        };
        void (async () => {
          let user: UserRow;
          try {
            user = await auth.identifyToken(token);
          } catch (error) {
            reply({ ok: false, error: error instanceof AppError ? error.message : 'Refused.' });
            socket.disconnect(true);
            return;
          }
          const chosen = typeof schema === 'function' ? schema(payload) : schema;
          const parsed = chosen.safeParse(payload);
          if (!parsed.success) return reply({ ok: false, error: describeError(parsed.error) });
          try {
            const message = await run(user, parsed.data);
            reply(message ? { ok: true, message } : { ok: true });
          } catch (error) {
            if (error instanceof AppError) return reply({ ok: false, error: error.message });
            deps.log.error({ err: error, event }, 'chat event failed');
            reply({ ok: false, error: 'Something went wrong. Please try again.' });
          }
        })();
      });
    };

    // 'event' carries send, edit and delete, told apart as the spec's payloads are.
    const kindOf = (payload: unknown) => {
      const p = (payload ?? {}) as Record<string, unknown>;
      if (p.messageId !== undefined && p.deleted) return deleteEventSchema;
      if (p.messageId !== undefined) return editEventSchema;
      return sendEventSchema;
    };
    handle('event', kindOf, (user, payload) => {
      if ('deleted' in payload) return deleteMessage(deps, hub, user, payload);
      if ('messageId' in payload) return editMessage(deps, hub, user, payload);
      return sendMessage(deps, hub, user, payload);
    });
    handle('getmessage', getMessageEventSchema, (user, payload) =>
      refreshMessage(deps, hub, user, payload.messageId),
    );
    handle('messageReaction', reactionEventSchema, (user, payload) =>
      reactToMessage(deps, hub, user, payload),
    );
  });
}
