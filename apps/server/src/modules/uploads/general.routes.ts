import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generalUploadRoutes, UPLOAD_MESSAGES } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentUpload } from './uploads.presenter.js';
import { findUpload, listUploads } from './uploads.repository.js';
import {
  finishUpload,
  removeUpload,
  startUpload,
  stopUpload,
  uploadProgress,
} from './uploads.service.js';

const uploadToken = (secret: string, id: number) =>
  createHmac('sha256', `general-upload:${secret}`).update(String(id)).digest('base64url');

/** The general upload page (no login) and its Admin table. */
export function registerGeneralRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, generalUploadRoutes.create, {
    access: 'public',
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body }) => {
      const { row, urls } = await startUpload(deps, {
        kind: 'general',
        fileName: body.file_name,
        fileType: body.file_type,
        contentType: body.content_type,
        fileSize: body.file_size,
        chunkSize: body.chunk_size,
        chunkCount: body.chunk_count,
        state: body.state,
        county: body.county,
        uploadedBy: null,
      });
      const id = row.upload.id;
      return {
        ...presentUpload(row, null),
        urls,
        file: { id },
        upload_token: uploadToken(deps.linkSecret, id),
      };
    },
  });

  /** The general upload the token was issued for; anything else is 404. */
  const openGeneral = async (id: number, token: string) => {
    const file = await findUpload(deps.database.db, id);
    const expected = Buffer.from(uploadToken(deps.linkSecret, id));
    const given = Buffer.from(token);
    const valid = expected.length === given.length && timingSafeEqual(expected, given);
    if (!file || file.upload.kind !== 'general' || !valid) throw notFound();
    return file;
  };

  registerRoute(app, auth, generalUploadRoutes.update, {
    access: 'public',
    handler: async ({ params, body }) => {
      const file = await openGeneral(params.id, body.upload_token);
      const row =
        body.status === 'Success'
          ? await finishUpload(deps, file.upload, body.upload_parts ?? [], null)
          : await stopUpload(deps, file.upload, body.status, null);
      return { message: UPLOAD_MESSAGES.uploaded, ...presentUpload(row, null) };
    },
  });

  registerRoute(app, auth, generalUploadRoutes.parts, {
    access: 'public',
    rateLimit: { max: 120, timeWindow: 60_000 },
    handler: async ({ params, query }) =>
      uploadProgress(deps, (await openGeneral(params.id, query.upload_token)).upload),
  });

  registerRoute(app, auth, generalUploadRoutes.list, {
    access: 'admin',
    handler: async () => {
      const rows = await listUploads(deps.database.db, { kinds: ['general'] });
      return { items: rows.map((row) => presentUpload(row, 'Auditor')), total: rows.length };
    },
  });

  registerRoute(app, auth, generalUploadRoutes.remove, {
    access: 'admin',
    handler: async ({ user, params }) => {
      const file = await findUpload(deps.database.db, params.id);
      if (!file || file.upload.kind !== 'general') throw notFound();
      await removeUpload(deps, file.upload, user.id);
      return { message: UPLOAD_MESSAGES.deleted };
    },
  });
}
