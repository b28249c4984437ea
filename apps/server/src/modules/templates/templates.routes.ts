import type { FastifyInstance } from 'fastify';
import { TEMPLATE_MESSAGES as M, templateRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { sendAsDownload, sniffContentType } from '../../platform/http/user-files.js';
import { mapToCsv, mapToJson, parseTargetMap } from './target-map-files.js';
import {
  getTargetMap,
  listTemplates,
  readTemplateImage,
  saveTargetMap,
} from './templates.service.js';

const fileStem = (jobId: number, style: string) =>
  `job-${jobId}-style-${style.replace(/[^\w.-]/g, '_')}`;

export function registerTemplateRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const r = templateRoutes;
  registerRoute(app, auth, r.list, {
    access: 'session',
    handler: ({ user, params }) => listTemplates(deps, user, params.jobId),
  });
  registerRoute(app, auth, r.get, {
    access: 'session',
    handler: ({ user, params }) => getTargetMap(deps, user, params.jobId, params.style),
  });
  registerRoute(app, auth, r.save, {
    access: 'session',
    handler: ({ user, params, body }) =>
      saveTargetMap(deps, user, params.jobId, params.style, body.targets),
  });
  registerRoute(app, auth, r.restore, {
    access: 'session',
    handler: ({ user, params }) => saveTargetMap(deps, user, params.jobId, params.style, null),
  });
  registerRoute(app, auth, r.import, {
    access: 'session',
    handler: ({ user, params, body }) =>
      saveTargetMap(
        deps,
        user,
        params.jobId,
        params.style,
        parseTargetMap(body.format, body.content),
      ),
  });
  registerRoute(app, auth, r.export, {
    access: 'session',
    handler: async ({ user, params, query, reply }) => {
      const map = await getTargetMap(deps, user, params.jobId, params.style);
      const isCsv = query.format === 'csv';
      const body = isCsv ? mapToCsv(map.targets) : mapToJson(map.style, map.targets);
      sendAsDownload(reply, {
        name: `${fileStem(params.jobId, params.style)}-targets.${isCsv ? 'csv' : 'json'}`,
        contentType: isCsv ? 'text/csv; charset=utf-8' : 'application/json',
        size: Buffer.byteLength(body),
      });
      return body;
    },
  });
  // Images go out as checked PNG downloads: the bytes must say PNG, whatever wrote them.
  registerRoute(app, auth, r.image, {
    access: 'session',
    handler: async ({ user, params, reply }) => {
      const bytes = await readTemplateImage(deps, user, params.jobId, params.style, params.kind);
      if ((await sniffContentType(bytes)) !== 'image/png') throw badRequest(M.noImage(params.kind));
      sendAsDownload(reply, {
        name: `${fileStem(params.jobId, params.style)}-${params.kind}.png`,
        contentType: 'image/png',
        size: bytes.length,
      });
      return bytes;
    },
  });
}
