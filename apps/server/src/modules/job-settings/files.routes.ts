import type { FastifyInstance } from 'fastify';
import { AUDIT_STAGES, JOB_FILE_MESSAGES, jobSettingsRoutes } from '@scrutineer/contracts';
import { markSettingsChanged } from '../../commands/mark-settings-changed.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { sendAsDownload } from '../../platform/http/user-files.js';
import { loadJob } from '../audit-jobs/index.js';
import { presentJobFile } from './files.presenter.js';
import {
  deleteFile,
  listAdopted,
  listFiles,
  openFileStream,
  readSettingsFile,
} from './files.service.js';
import {
  generateFile,
  readSharedSettingFile,
  saveSharedSettingFile,
  vendorTemplate,
} from './generate.service.js';
import { saveSettings } from './settings.service.js';

const contentTypes: Record<string, string> = {
  JSON: 'application/json; charset=utf-8',
};

export function registerJobFileRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const r = jobSettingsRoutes;
  registerRoute(app, auth, r.list, {
    access: 'session',
    handler: async ({ user, params, query }) => ({
      items: await listFiles(deps, user, params.jobId, query.search),
    }),
  });
  registerRoute(app, auth, r.read, {
    access: 'session',
    handler: async ({ user, params }) =>
      readSettingsFile(deps, user, params.jobId, params.fileName),
  });
  registerRoute(app, auth, r.download, {
    access: 'session',
    handler: async ({ user, params, reply }) => {
      const { file, stream } = await openFileStream(deps, user, params.jobId, params.fileName);
      sendAsDownload(reply, {
        name: file.fileName,
        contentType: contentTypes[file.fileType] ?? 'text/csv; charset=utf-8',
        size: file.size,
      }).header('etag', `"${file.etag}"`);
      return stream;
    },
  });
  registerRoute(app, auth, r.stages, {
    access: 'session',
    handler: async ({ user, params }) => {
      await loadJob(deps.database.db, user, params.jobId);
      return { stages: [...AUDIT_STAGES] };
    },
  });
  registerRoute(app, auth, r.adoptedFiles, {
    access: 'session',
    handler: async ({ user, params }) => ({ items: await listAdopted(deps, user, params.jobId) }),
  });
  registerRoute(app, auth, r.adoptedFile, {
    access: 'session',
    handler: async ({ user, params }) =>
      readSettingsFile(
        deps,
        user,
        params.jobId,
        params.fileName,
        JOB_FILE_MESSAGES.adoptedNotFound,
      ),
  });
  for (const [route, isUpdate] of [
    [r.create, false],
    [r.update, true],
  ] as const) {
    registerRoute(app, auth, route, {
      access: 'session',
      handler: async ({ user, params, body }) => {
        const saved = await saveSettings(deps, user, params.jobId, body, isUpdate);
        const message = await markSettingsChanged(deps, params.jobId, body.stage, saved.message);
        return { message, file: presentJobFile(saved.file, saved.job.role) };
      },
    });
  }
  registerRoute(app, auth, r.remove, {
    access: 'session',
    handler: async ({ user, params }) => {
      await deleteFile(deps, user, params.jobId, params.fileName);
      return { message: JOB_FILE_MESSAGES.deleted };
    },
  });
  registerRoute(app, auth, r.generateFile, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { job, file, message } = await generateFile(deps, user, body);
      return { message, file: presentJobFile(file, job.role) };
    },
  });
  registerRoute(app, auth, r.vendorTemplate, {
    access: 'session',
    handler: async ({ user, body }) => {
      const { job, file, message } = await vendorTemplate(deps, user, body);
      return { message, file: presentJobFile(file, job.role) };
    },
  });
  registerRoute(app, auth, r.settingFile, {
    access: 'session',
    handler: async () => ({
      file_name: 'Audit_jobs_setting.json',
      json_data: await readSharedSettingFile(deps),
    }),
  });
  registerRoute(app, auth, r.generateSettingFile, {
    access: 'admin',
    handler: async ({ body }) => ({
      message: JOB_FILE_MESSAGES.jsonUpdated,
      file_name: 'Audit_jobs_setting.json',
      json_data: await saveSharedSettingFile(deps, body.json_data),
    }),
  });
}
