import type { FastifyInstance } from 'fastify';
import { UPLOAD_MESSAGES, uploadSetRoutesFor } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { loadUploadFor } from './uploads.access.js';
import { loadOwnerForUpload, ownerRefFrom, type Owner } from './uploads.owner.js';
import { presentUpload } from './uploads.presenter.js';
import { listUploads } from './uploads.repository.js';
import {
  editUpload,
  finishUpload,
  removeUpload,
  startUpload,
  stopUpload,
  uploadProgress,
} from './uploads.service.js';
import { adoptFiles, listAdoptable } from './sets.adopt.js';

/** Upload sets (Election Files tab) of elections (`/files`) and districts (`/files-district`). */
export function registerSetRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  type: Owner['type'],
): void {
  const routes = uploadSetRoutesFor[type];
  const db = deps.database.db;

  registerRoute(app, auth, routes.list, {
    access: 'session',
    handler: async ({ user, params }) => {
      const owner = await loadOwnerForUpload(db, user, { type, id: params.id });
      const rows = await listUploads(db, { owner, kinds: ['set'] });
      return { items: rows.map((row) => presentUpload(row, owner.role)), total: rows.length };
    },
  });

  registerRoute(app, auth, routes.create, {
    access: 'session',
    handler: async ({ user, body }) => {
      const owner = await loadOwnerForUpload(db, user, ownerRefFrom(type, body));
      const { row, urls } = await startUpload(deps, {
        kind: 'set',
        [type === 'election' ? 'electionId' : 'districtId']: owner.id,
        fileName: body.file_name,
        fileType: body.file_type,
        description: body.description,
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
      const { file } = await loadUploadFor(deps, user, params.id, ['set'], type);
      return uploadProgress(deps, file.upload);
    },
  });

  registerRoute(app, auth, routes.update, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      const { file, owner } = await loadUploadFor(deps, user, params.id, ['set'], type);
      const row =
        body.status === 'Uploaded'
          ? await finishUpload(deps, file.upload, body.upload_parts ?? [], user.id)
          : body.status
            ? await stopUpload(deps, file.upload, body.status, user.id)
            : await editUpload(
                deps,
                file.upload,
                {
                  fileName: body.file_name,
                  fileType: body.file_type,
                  description: body.description,
                },
                user.id,
              );
      return { message: UPLOAD_MESSAGES.uploaded, ...presentUpload(row, owner.role) };
    },
  });

  registerRoute(app, auth, routes.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { file } = await loadUploadFor(deps, user, params.id, ['set'], type);
      await removeUpload(deps, file.upload, user.id);
      return { message: UPLOAD_MESSAGES.deleted };
    },
  });

  registerRoute(app, auth, routes.adoptable, {
    access: 'session',
    handler: async ({ user, params }) => {
      const owner = await loadOwnerForUpload(db, user, { type, id: params.id });
      return { items: await listAdoptable(deps, owner) };
    },
  });

  registerRoute(app, auth, routes.adopt, {
    access: 'session',
    handler: async ({ user, body }) => {
      const owner = await loadOwnerForUpload(db, user, ownerRefFrom(type, body));
      const rows = await adoptFiles(deps, owner, body, user.id);
      return {
        message: UPLOAD_MESSAGES.uploaded,
        items: rows.map((row) => presentUpload(row, owner.role)),
      };
    },
  });
}
