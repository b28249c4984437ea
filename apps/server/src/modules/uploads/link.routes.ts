import type { FastifyInstance } from 'fastify';
import { linkFileRoutesFor, linkVerifyRoutesFor, UPLOAD_MESSAGES } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { isExpired, tokenMatches } from './requests.links.js';
import { findRequest } from './requests.repository.js';
import { loadLinkOwner } from './link.owner.js';
import { presentUpload } from './uploads.presenter.js';
import { findUpload, listUploads } from './uploads.repository.js';
import {
  finishUpload,
  removeUpload,
  startUpload,
  stopUpload,
  uploadProgress,
} from './uploads.service.js';
import type { Owner } from './uploads.owner.js';

const LINK_LIMIT = { max: 120, timeWindow: 60_000 };

/** The public upload page: no login; the link's id and token open only that request's files. */
export function registerLinkRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  type: Owner['type'],
): void {
  const routes = linkFileRoutesFor[type];
  const db = deps.database.db;

  /** An unknown id or wrong token is 404; an expired link 403, both in plain words. */
  async function openLink(requestId: number | undefined, token: string | undefined) {
    const row = requestId ? await findRequest(db, requestId) : null;
    const ownerId = row && (type === 'election' ? row.electionId : row.districtId);
    if (!row || !ownerId || !token || !tokenMatches(deps.linkSecret, row, token))
      throw notFound(UPLOAD_MESSAGES.linkInvalid);
    if (isExpired(row)) throw forbidden(UPLOAD_MESSAGES.linkExpired);
    return row;
  }

  async function openLinkFile(fileId: number, token: string | undefined) {
    const file = await findUpload(db, fileId);
    if (!file || file.upload.kind !== 'requested' || !file.upload.requestId)
      throw notFound(UPLOAD_MESSAGES.linkInvalid);
    await openLink(file.upload.requestId, token);
    return file;
  }

  registerRoute(app, auth, linkVerifyRoutesFor[type], {
    access: 'public',
    rateLimit: LINK_LIMIT,
    handler: async ({ body }) => {
      const row = await openLink(body.id, body.token);
      const owner = await loadLinkOwner(db, row);
      return {
        request_id: row.id,
        email: row.email,
        name: row.name,
        owner_name: owner.name,
        valid_through: row.validThrough,
      };
    },
  });

  registerRoute(app, auth, routes.create, {
    access: 'public',
    rateLimit: LINK_LIMIT,
    handler: async ({ body }) => {
      const row = await openLink(body.request_id, body.token);
      const { row: file, urls } = await startUpload(deps, {
        kind: 'requested',
        electionId: row.electionId,
        districtId: row.districtId,
        requestId: row.id,
        requestName: row.name,
        fileName: body.file_name,
        contentType: body.content_type,
        fileSize: body.file_size,
        chunkSize: body.chunk_size,
        chunkCount: body.chunk_count,
        uploadedBy: null,
      });
      return { ...presentUpload(file, null), urls, file: { id: file.upload.id } };
    },
  });

  registerRoute(app, auth, routes.update, {
    access: 'public',
    handler: async ({ params, body }) => {
      const file = await openLinkFile(params.id, body.token);
      const row =
        body.status === 'Success'
          ? await finishUpload(deps, file.upload, body.upload_parts ?? [], null)
          : await stopUpload(deps, file.upload, body.status, null);
      return { message: UPLOAD_MESSAGES.uploaded, ...presentUpload(row, null) };
    },
  });

  registerRoute(app, auth, routes.parts, {
    access: 'public',
    handler: async ({ params, query }) =>
      uploadProgress(deps, (await openLinkFile(params.id, query.token)).upload),
  });

  registerRoute(app, auth, routes.list, {
    access: 'public',
    rateLimit: LINK_LIMIT,
    handler: async ({ params, query }) => {
      const row = await openLink(params.id, query.token);
      const rows = await listUploads(db, { kinds: ['requested'], requestId: row.id });
      return { items: rows.map((file) => presentUpload(file, null)), total: rows.length };
    },
  });

  registerRoute(app, auth, routes.remove, {
    access: 'public',
    handler: async ({ params, query }) => {
      const file = await openLinkFile(params.id, query.token);
      await removeUpload(deps, file.upload, null);
      return { message: UPLOAD_MESSAGES.deleted };
    },
  });
}
