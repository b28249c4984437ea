import {
  AUDIT_TYPE_MESSAGES,
  auditTypeIdFromName,
  type ArgGroupBody,
  type ArgumentBody,
  type AuditTypeBody,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { Executor } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { UserRow } from '../users/index.js';
import { stagesProblem, valueProblem } from './arg-values.js';
import {
  deleteArg,
  deleteAuditType,
  deleteGroup,
  findArg,
  findAuditType,
  findGroup,
  insertArg,
  insertAuditType,
  insertGroup,
  updateArg,
  updateAuditType,
  updateGroup,
} from './types.repository.js';

const trail = (tx: Executor, user: UserRow, type: string, id: string | number, action: string) =>
  recordEvent(tx, { actorId: user.id, subjectType: type, subjectId: id, action });

export async function createAuditType(deps: AppDeps, user: UserRow, body: AuditTypeBody) {
  const id = (body.id?.trim() || auditTypeIdFromName(body.name)).trim();
  if (!id) throw badRequest('id: Required.');
  return deps.database.db.transaction(async (tx) => {
    const row = await insertAuditType(tx, {
      id,
      name: body.name,
      premium: body.premium,
      show: body.show,
      help: body.help,
    });
    if (!row) throw conflict(AUDIT_TYPE_MESSAGES.idTaken);
    await trail(tx, user, 'audit_type', id, 'create');
    return row;
  });
}

export async function changeAuditType(
  deps: AppDeps,
  user: UserRow,
  id: string,
  body: AuditTypeBody,
) {
  if (body.id !== undefined && body.id !== id) throw badRequest('id: The ID is read-only.');
  return deps.database.db.transaction(async (tx) => {
    const row = await updateAuditType(tx, id, {
      name: body.name,
      premium: body.premium,
      show: body.show,
      help: body.help,
    });
    if (!row) throw notFound();
    await trail(tx, user, 'audit_type', id, 'update');
    return row;
  });
}

export async function removeAuditType(deps: AppDeps, user: UserRow, id: string) {
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteAuditType(tx, id))) throw notFound();
    await trail(tx, user, 'audit_type', id, 'delete');
  });
}

export async function createGroup(deps: AppDeps, user: UserRow, body: ArgGroupBody) {
  const db = deps.database.db;
  if (!(await findAuditType(db, body.audit_type_id)))
    throw badRequest('audit_type_id: There is no such audit type.');
  return db.transaction(async (tx) => {
    const row = await insertGroup(tx, {
      auditTypeId: body.audit_type_id,
      group: body.group,
      groupName: body.group_name,
      help: body.help,
    });
    if (!row) throw conflict(AUDIT_TYPE_MESSAGES.groupTaken);
    await trail(tx, user, 'arg_group', row.id, 'create');
    return row;
  });
}

export async function changeGroup(deps: AppDeps, user: UserRow, id: number, body: ArgGroupBody) {
  const db = deps.database.db;
  const group = await findGroup(db, id);
  if (!group) throw notFound();
  if (body.audit_type_id !== group.auditTypeId)
    throw badRequest('audit_type_id: A group stays in its audit type.');
  try {
    return await db.transaction(async (tx) => {
      const row = await updateGroup(tx, id, {
        group: body.group,
        groupName: body.group_name,
        help: body.help,
      });
      if (!row) throw notFound();
      await trail(tx, user, 'arg_group', id, 'update');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUDIT_TYPE_MESSAGES.groupTaken);
    throw error;
  }
}

export async function removeGroup(deps: AppDeps, user: UserRow, id: number) {
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteGroup(tx, id))) throw notFound();
    await trail(tx, user, 'arg_group', id, 'delete');
  });
}

/** The spec of an argument must hold together: its default fits its type and choices. */
function argumentValues(body: ArgumentBody) {
  const stages = stagesProblem(body.stages);
  if (stages) throw badRequest(stages);
  if (body.type === 'bool' && body.choices.length > 0)
    throw badRequest('choices: A bool argument has no choices.');
  if (body.value.trim() !== '') {
    const problem = valueProblem(body, body.value);
    if (problem) throw badRequest(AUDIT_TYPE_MESSAGES.badDefault(problem));
  }
  return {
    argument: body.argument,
    value: body.type === 'bool' ? body.value.trim().toUpperCase() : body.value.trim(),
    type: body.type,
    choices: body.choices,
    required: body.required === 'TRUE',
    help: body.help,
    format: body.format,
    multi: body.multi,
    stages: body.stages.trim(),
    createJobFileApi: body.create_job_file_api,
    internal: body.internal,
  };
}

export async function createArgument(deps: AppDeps, user: UserRow, body: ArgumentBody) {
  const db = deps.database.db;
  if (!(await findGroup(db, body.group_id))) throw badRequest('group_id: There is no such group.');
  const values = argumentValues(body);
  return db.transaction(async (tx) => {
    const row = await insertArg(tx, { ...values, groupId: body.group_id });
    if (!row) throw conflict(AUDIT_TYPE_MESSAGES.argumentTaken);
    await trail(tx, user, 'argument', row.id, 'create');
    return row;
  });
}

export async function changeArgument(deps: AppDeps, user: UserRow, id: number, body: ArgumentBody) {
  const db = deps.database.db;
  const arg = await findArg(db, id);
  if (!arg) throw notFound();
  if (!(await findGroup(db, body.group_id))) throw badRequest('group_id: There is no such group.');
  const values = argumentValues(body);
  try {
    return await db.transaction(async (tx) => {
      const row = await updateArg(tx, id, { ...values, groupId: body.group_id });
      if (!row) throw notFound();
      await trail(tx, user, 'argument', id, 'update');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUDIT_TYPE_MESSAGES.argumentTaken);
    throw error;
  }
}

export async function removeArgument(deps: AppDeps, user: UserRow, id: number) {
  await deps.database.db.transaction(async (tx) => {
    if (!(await deleteArg(tx, id))) throw notFound();
    await trail(tx, user, 'argument', id, 'delete');
  });
}
