import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ATTACHMENT_MESSAGES, attachmentRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { sendAsDownload } from '../../platform/http/user-files.js';
import { readMultipart } from '../job-settings/index.js';
import {
  ATTACHMENT_UPLOAD_LIMITS,
  listJobAttachments,
  openAttachment,
  removeAttachment,
  saveDescription,
  uploadAttachment,
} from './attachments.service.js';

export function registerAttachmentRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const r = attachmentRoutes;
  void app.register(async (scope) => {
    await scope.register(multipart);
    registerRoute(scope, auth, r.upload, {
      access: 'session',
      handler: async ({ user, request }) => {
        const form = await readMultipart(request, ATTACHMENT_UPLOAD_LIMITS, {
          tooLarge: ATTACHMENT_MESSAGES.tooLarge,
          tooMany: 'files: Attach one file at a time.',
        });
        return {
          message: ATTACHMENT_MESSAGES.uploaded,
          ...(await uploadAttachment(deps, user, form)),
        };
      },
    });
  });
  registerRoute(app, auth, r.save, {
    access: 'session',
    handler: async ({ user, body }) => ({
      message: ATTACHMENT_MESSAGES.saved,
      ...(await saveDescription(deps, user, body)),
    }),
  });
  registerRoute(app, auth, r.list, {
    access: 'session',
    handler: async ({ user, params }) => ({
      items: await listJobAttachments(deps, user, params.id),
    }),
  });
  registerRoute(app, auth, r.file, {
    access: 'session',
    handler: async ({ user, params, reply }) => {
      const { row, stream } = await openAttachment(deps, user, params.id);
      sendAsDownload(reply, { name: row.fileName, contentType: row.contentType, size: row.size });
      return stream;
    },
  });
  registerRoute(app, auth, r.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await removeAttachment(deps, user, params.id);
      return { message: ATTACHMENT_MESSAGES.deleted };
    },
  });
}
