import type { FastifyInstance } from 'fastify';
import { memberFileRoutesFor, UPLOAD_MESSAGES } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { loadUploadFor } from './uploads.access.js';
import { loadOwnerForUpload, ownerRefFrom, type Owner } from './uploads.owner.js';
import { presentUpload } from './uploads.presenter.js';
import { listUploads } from './uploads.repository.js';
import {
  finishUpload,
  removeUpload,
  startUpload,
  stopUpload,
  uploadProgress,
} from './uploads.service.js';

/** The File Upload tab: members' direct uploads, and the files sent through links. */
export function registerFileRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  type: Owner['type'],
): void {
  const routes = memberFileRoutesFor[type];
  const db = deps.database.db;

  for (const [route, kind] of [
    [routes.list, 'direct'],
    [routes.requested, 'requested'],
  ] as const) {
    registerRoute(app, auth, route, {
      access: 'session',
      handler: async ({ user, params }) => {
        const owner = await loadOwnerForUpload(db, user, { type, id: params.id });
        const rows = await listUploads(db, { owner, kinds: [kind] });
        return { items: rows.map((row) => presentUpload(row, owner.role)), total: rows.length };
      },
    });
  }

  registerRoute(app, auth, routes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const owner = await loadOwnerForUpload(db, user, ownerRefFrom(type, body));
      const { row, urls } = await startUpload(deps, {
        kind: 'direct',
        [type === 'election' ? 'electionId' : 'districtId']: owner.id,
        fileName: body.file_name,
        contentType: body.content_type,
        fileSize: body.file_size,
        chunkSize: body.chunk_size,
        chunkCount: body.chunk_count,
        uploadedBy: user.id,
      });
      return { ...presentUpload(row, owner.role), urls, file: { id: row.upload.id } };
    },
  });

  registerRoute(app, auth, routes.parts, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { file } = await loadUploadFor(deps, user, params.id, ['direct'], type);
      return uploadProgress(deps, file.upload);
    },
  });

  registerRoute(app, auth, routes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { file, owner } = await loadUploadFor(deps, user, params.id, ['direct'], type);
      const row =
        body.status === 'Success'
          ? await finishUpload(deps, file.upload, body.upload_parts ?? [], user.id)
          : await stopUpload(deps, file.upload, body.status, user.id);
      return { message: UPLOAD_MESSAGES.uploaded, ...presentUpload(row, owner.role) };
    },
  });

  for (const [route, kind] of [
    [routes.remove, 'direct'],
    [routes.removeRequested, 'requested'],
  ] as const) {
    registerRoute(app, auth, route, {
      access: 'session',
      handler: async ({ user, params }) => {
        const { file } = await loadUploadFor(deps, user, params.id, [kind], type);
        await removeUpload(deps, file.upload, user.id);
        return { message: UPLOAD_MESSAGES.deleted };
      },
    });
  }
}
