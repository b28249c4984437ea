import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, markdownRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { readMarkdownForm } from './markdown.multipart.js';
import { presentMarkdown, presentMarkdownDetail } from './markdown.presenter.js';
import { listMarkdown } from './markdown.repository.js';
import {
  editMarkdown,
  getMarkdown,
  readHomeMarkdown,
  removeMarkdown,
  uploadMarkdown,
} from './markdown.service.js';

export function registerMarkdownRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const db = () => deps.database.db;
  const everyFile = async () => (await listMarkdown(db())).map(presentMarkdown);

  registerRoute(app, auth, markdownRoutes.list, {
    access: 'admin',
    handler: async () => ({ items: await everyFile() }),
  });
  registerRoute(app, auth, markdownRoutes.get, {
    access: 'admin',
    handler: async ({ params }) => presentMarkdownDetail(await getMarkdown(db(), params.id)),
  });
  registerRoute(app, auth, markdownRoutes.download, {
    access: 'admin',
    handler: async ({ params, reply }) => {
      const row = await getMarkdown(db(), params.id);
      const fallback = row.fileName.replace(/[^\w.-]/g, '_');
      reply
        .type('text/markdown; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
        )
        .serializer((text) => text as string);
      return row.content;
    },
  });
  registerRoute(app, auth, markdownRoutes.edit, {
    access: 'admin',
    handler: async ({ params, body, user }) => {
      await editMarkdown(db(), user, params.id, body);
      return { message: ADMIN_MESSAGES.markdownUpdated, items: await everyFile() };
    },
  });
  registerRoute(app, auth, markdownRoutes.remove, {
    access: 'admin',
    handler: async ({ params, user }) => {
      await removeMarkdown(db(), user, params.id);
      return { message: ADMIN_MESSAGES.markdownDeleted, items: await everyFile() };
    },
  });
  registerRoute(app, auth, markdownRoutes.home, {
    access: 'session',
    handler: async () => {
      const home = await readHomeMarkdown(db());
      return { text_msg: home.text_msg, title: home.title };
    },
  });
  registerRoute(app, auth, markdownRoutes.homeCheck, {
    access: 'session',
    handler: async () => ({ version: (await readHomeMarkdown(db())).version }),
  });
}

/** The upload route; the caller registers @fastify/multipart in the scope it passes. */
export function registerMarkdownUploadRoute(
  scope: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  registerRoute(scope, auth, markdownRoutes.upload, {
    access: 'admin',
    handler: async ({ request, user }) => {
      const form = await readMarkdownForm(request);
      await uploadMarkdown(deps.database.db, user, form);
      return {
        message: ADMIN_MESSAGES.markdownUploaded,
        items: (await listMarkdown(deps.database.db)).map(presentMarkdown),
      };
    },
  });
}
