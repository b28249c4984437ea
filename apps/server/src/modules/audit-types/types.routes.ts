import type { FastifyInstance } from 'fastify';
import {
  AUDIT_STAGES,
  AUDIT_TYPE_MESSAGES,
  auditTypeRoutes,
  jobSettingsRoutes,
} from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { notFound } from '../../platform/errors.js';
import { registerRoute } from '../../platform/http/route.js';
import { loadArgSpecs } from './specs.js';
import { presentArg, presentAuditType, presentGroup } from './types.presenter.js';
import { findArg, findGroup, listAuditTypes, listGroupArgs } from './types.repository.js';
import {
  changeArgument,
  changeAuditType,
  changeGroup,
  createArgument,
  createAuditType,
  createGroup,
  removeArgument,
  removeAuditType,
  removeGroup,
} from './types.service.js';

export function registerAuditTypeRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
): void {
  const r = auditTypeRoutes;
  const db = deps.database.db;
  registerRoute(app, auth, r.list, {
    access: 'session',
    handler: async () => ({ items: (await listAuditTypes(db)).map(presentAuditType) }),
  });
  registerRoute(app, auth, r.create, {
    access: 'admin',
    handler: async ({ user, body }) => ({
      message: AUDIT_TYPE_MESSAGES.created,
      ...presentAuditType(await createAuditType(deps, user, body)),
    }),
  });
  registerRoute(app, auth, r.update, {
    access: 'admin',
    handler: async ({ user, params, body }) => ({
      message: AUDIT_TYPE_MESSAGES.updated,
      ...presentAuditType(await changeAuditType(deps, user, params.id, body)),
    }),
  });
  registerRoute(app, auth, r.remove, {
    access: 'admin',
    handler: async ({ user, params }) => {
      await removeAuditType(deps, user, params.id);
      return { message: AUDIT_TYPE_MESSAGES.removed };
    },
  });
  for (const route of [r.argSpecs, jobSettingsRoutes.argSpecs]) {
    registerRoute(app, auth, route, {
      access: 'session',
      handler: async ({ query }) => ({ items: await loadArgSpecs(db, query.audit_type_id) }),
    });
  }
  registerRoute(app, auth, r.stages, {
    access: 'session',
    handler: async () => ({ stages: [...AUDIT_STAGES] }),
  });
  registerRoute(app, auth, r.createGroup, {
    access: 'admin',
    handler: async ({ user, body }) => ({
      message: AUDIT_TYPE_MESSAGES.groupCreated,
      ...presentGroup(await createGroup(deps, user, body), []),
    }),
  });
  registerRoute(app, auth, r.updateGroup, {
    access: 'admin',
    handler: async ({ user, params, body }) => {
      const group = await changeGroup(deps, user, params.id, body);
      return {
        message: AUDIT_TYPE_MESSAGES.groupUpdated,
        ...presentGroup(group, await listGroupArgs(db, group.id)),
      };
    },
  });
  registerRoute(app, auth, r.removeGroup, {
    access: 'admin',
    handler: async ({ user, params }) => {
      await removeGroup(deps, user, params.id);
      return { message: AUDIT_TYPE_MESSAGES.groupDeleted };
    },
  });
  registerRoute(app, auth, r.groupArguments, {
    access: 'session',
    handler: async ({ params }) => {
      const group = await findGroup(db, params.groupId);
      if (!group || group.auditTypeId !== params.auditTypeId) throw notFound();
      return { items: (await listGroupArgs(db, group.id)).map(presentArg) };
    },
  });
  registerRoute(app, auth, r.argument, {
    access: 'session',
    handler: async ({ params }) => {
      const arg = await findArg(db, params.id);
      if (!arg) throw notFound();
      return presentArg(arg);
    },
  });
  registerRoute(app, auth, r.createArgument, {
    access: 'admin',
    handler: async ({ user, body }) => ({
      message: AUDIT_TYPE_MESSAGES.argumentCreated,
      ...presentArg(await createArgument(deps, user, body)),
    }),
  });
  registerRoute(app, auth, r.updateArgument, {
    access: 'admin',
    handler: async ({ user, params, body }) => ({
      message: AUDIT_TYPE_MESSAGES.argumentUpdated,
      ...presentArg(await changeArgument(deps, user, params.id, body)),
    }),
  });
  registerRoute(app, auth, r.removeArgument, {
    access: 'admin',
    handler: async ({ user, params }) => {
      await removeArgument(deps, user, params.id);
      return { message: AUDIT_TYPE_MESSAGES.argumentDeleted };
    },
  });
}
