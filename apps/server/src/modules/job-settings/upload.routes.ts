import type { FastifyInstance } from 'fastify';
import { JOB_FILE_LIMITS, JOB_FILE_MESSAGES, jobSettingsRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentJobFile } from './files.presenter.js';
import { readMultipart } from './multipart.js';
import { uploadJobFiles } from './upload.service.js';

/** Multipart routes; the caller registers @fastify/multipart in their scope. */
export function registerJobFileUploadRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, jobSettingsRoutes.upload, {
    access: 'session',
    handler: async ({ user, request }) => {
      const form = await readMultipart(
        request,
        { fileSize: JOB_FILE_LIMITS.maxBytes, files: JOB_FILE_LIMITS.maxFiles },
        { tooLarge: JOB_FILE_MESSAGES.tooLarge, tooMany: JOB_FILE_MESSAGES.tooMany },
      );
      const { job, files } = await uploadJobFiles(deps, user, form);
      const presented = files.map((f) => presentJobFile(f, job.role));
      const [first] = presented;
      if (!first) throw new Error('No file stored');
      return { message: JOB_FILE_MESSAGES.uploaded, file: first, files: presented };
    },
  });
}
