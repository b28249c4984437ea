import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generalUploadRoutes, UPLOAD_MESSAGES } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { presentUpload } from './uploads.presenter.js';
import { findUpload, listUploads, openGeneralUploads } from './uploads.repository.js';
import {
  finishUpload,
  removeUpload,
  startUpload,
  stopUpload,
  uploadProgress,
} from './uploads.service.js';

const uploadToken = (secret: string, id: number) =>
  createHmac('sha256', `general-upload:${secret}`).update(String(id)).digest('base64url');

const linkMac = (secret: string, expires: number) =>
  createHmac('sha256', `general-upload-link:${secret}`).update(String(expires)).digest('base64url');

/** The token of a general upload link: its expiry and a MAC over it (`<ms>.<mac>`). */
const generalLinkToken = (secret: string, expires: number) =>
  `${expires}.${linkMac(secret, expires)}`;

function isGeneralLinkToken(secret: string, token: string, now = Date.now()): boolean {
  const [expiresText = '', mac = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!/^\d{1,15}$/.test(expiresText) || expires <= now) return false;
  const expected = Buffer.from(linkMac(secret, expires));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${+(bytes / 1024 ** 3).toFixed(2)} GiB`
    : `${+(bytes / 1024 ** 2).toFixed(2)} MiB`;

/** The general upload page (no login) and its Admin table. */
export function registerGeneralRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(app, auth, generalUploadRoutes.link, {
    access: 'admin',
    handler: async () => {
      const expires = Date.now() + deps.config.GENERAL_UPLOAD_LINK_DAYS * 86_400_000;
      const token = generalLinkToken(deps.linkSecret, expires);
      return {
        url: `${deps.config.publicUrl}/general_upload?token=${token}`,
        expires_at: new Date(expires).toISOString(),
      };
    },
  });

  registerRoute(app, auth, generalUploadRoutes.create, {
    access: 'public',
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body, request }) => {
      if (!isGeneralLinkToken(deps.linkSecret, body.link_token ?? ''))
        throw forbidden(UPLOAD_MESSAGES.generalLinkInvalid);
      const { config } = deps;
      if (body.file_size > config.GENERAL_UPLOAD_MAX_BYTES)
        throw badRequest(
          `file_size: A general upload can be at most ${formatBytes(config.GENERAL_UPLOAD_MAX_BYTES)}.`,
        );
      const open = await openGeneralUploads(deps.database.db, request.ip);
      if (
        open.count >= config.GENERAL_UPLOAD_OPEN_PER_ADDRESS ||
        open.bytes + body.file_size > config.GENERAL_UPLOAD_ADDRESS_MAX_BYTES
      )
        throw new AppError('too_many_requests', UPLOAD_MESSAGES.generalTooManyOpen);
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
        clientAddress: request.ip,
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
