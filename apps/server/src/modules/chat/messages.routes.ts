import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { CHAT_MESSAGES, chatRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { sendAsDownload } from '../../platform/http/user-files.js';
import { readMultipart } from '../job-settings/index.js';
import type { ChatHub } from './chat.hub.js';
import {
  MESSAGE_UPLOAD_LIMITS,
  openMessageFile,
  removeMessageFiles,
  uploadMessageFiles,
} from './files.service.js';
import { listMessages, markSeen } from './messages.service.js';

export function registerMessageRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  hub: ChatHub,
): void {
  const r = chatRoutes;
  registerRoute(app, auth, r.messages, {
    access: 'session',
    handler: async ({ user, params, query }) => listMessages(deps, user, params.id, query),
  });
  registerRoute(app, auth, r.markSeen, {
    access: 'session',
    handler: async ({ user, body }) => {
      await markSeen(deps, hub, user, body);
      return { message: 'Seen.' };
    },
  });
  registerRoute(app, auth, r.deleteMessageFiles, {
    access: 'session',
    handler: async ({ user, body }) => {
      await removeMessageFiles(deps, hub, user, body.message_id);
      return { message: 'Delete file successfully' };
    },
  });
  registerRoute(app, auth, r.messageFile, {
    access: 'session',
    handler: async ({ user, params, reply }) => {
      const { file, stream } = await openMessageFile(deps, user, params.id);
      sendAsDownload(reply, file).header('cache-control', 'private, max-age=3600');
      return stream;
    },
  });
  void app.register(async (scope) => {
    await scope.register(multipart);
    registerRoute(scope, auth, r.uploadMessageFiles, {
      access: 'session',
      handler: async ({ user, request }) => {
        const form = await readMultipart(request, MESSAGE_UPLOAD_LIMITS, {
          tooLarge: CHAT_MESSAGES.tooLarge,
          tooMany: CHAT_MESSAGES.tooMany,
        });
        return uploadMessageFiles(deps, hub, user, form);
      },
    });
  });
}
