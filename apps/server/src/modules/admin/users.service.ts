import {
  ADMIN_MESSAGES,
  type AdminUpdateUserBody,
  type UserFlagsBody,
} from '@scrutineer/contracts';
import type { Database } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { revokeUserTokens } from '../auth/index.js';
import { countryName, isUsState } from '../reference/index.js';
import { deleteUserRow, findUserById, updateUser, type UserRow } from '../users/index.js';

/** A user the Admin may manage: system accounts are hidden as if they did not exist. */
export async function getManagedUser(db: Database, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || user.isSystem) throw notFound();
  return user;
}

function checkPlace(body: AdminUpdateUserBody): { country: string; state: string } {
  const country = body.country.toUpperCase();
  if (!countryName(country)) throw badRequest(`country: ${ADMIN_MESSAGES.country}`);
  if (country !== 'US') return { country, state: body.state };
  const state = body.state.toUpperCase();
  if (!isUsState(state)) throw badRequest(`state: ${ADMIN_MESSAGES.usState}`);
  return { country, state };
}

/** Update User Data: role, zip code, country and state; names, e-mail and phone stay. */
export async function updateManagedUser(
  db: Database,
  actor: UserRow,
  id: number,
  body: AdminUpdateUserBody,
): Promise<UserRow> {
  const user = await getManagedUser(db, id);
  const place = checkPlace(body);
  // An Admin taking their own Admin role away would lock the admin board behind them.
  if (user.id === actor.id && body.role !== 'Admin') throw forbidden(ADMIN_MESSAGES.ownAccount);
  return db.transaction(async (tx) => {
    const changed = await updateUser(tx, user.id, {
      role: body.role,
      zipCode: body.zip_code,
      ...place,
    });
    if (!changed) throw notFound();
    await recordEvent(tx, {
      actorId: actor.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'update',
      data: { role: body.role, zip_code: body.zip_code, ...place },
    });
    return changed;
  });
}

const FLAG_COLUMNS = {
  run_adjudicator: 'runAdjudicator',
  run_audit: 'runAudit',
  run_targetmapper: 'runTargetmapper',
  project_permission: 'projectPermission',
  test_job: 'testJob',
  fullAuth: 'fullAuth',
} as const;

/** Sets the flags sent; the ones not sent keep their value. */
export async function setUserFlags(
  db: Database,
  actor: UserRow,
  id: number,
  body: UserFlagsBody,
): Promise<UserRow> {
  const user = await getManagedUser(db, id);
  const values: Partial<Record<(typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS], boolean>> = {};
  const data: Record<string, boolean> = {};
  for (const [flag, column] of Object.entries(FLAG_COLUMNS)) {
    const value = body[flag as keyof typeof FLAG_COLUMNS];
    if (value !== undefined) {
      values[column] = value;
      data[flag] = value;
    }
  }
  return db.transaction(async (tx) => {
    const changed = await updateUser(tx, user.id, values);
    if (!changed) throw notFound();
    await recordEvent(tx, {
      actorId: actor.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'update_permission',
      data,
    });
    return changed;
  });
}

/**
 * Deactivation bites at once: every call reads the account, and the refresh tokens are
 * revoked so that a reactivation does not bring old sessions back.
 */
export async function setUserActive(
  db: Database,
  actor: UserRow,
  id: number,
  active: boolean,
): Promise<UserRow> {
  const user = await getManagedUser(db, id);
  if (user.id === actor.id) throw forbidden(ADMIN_MESSAGES.ownAccount);
  if (user.active === active) {
    throw conflict(active ? ADMIN_MESSAGES.alreadyActive : ADMIN_MESSAGES.alreadyInactive);
  }
  return db.transaction(async (tx) => {
    const changed = await updateUser(tx, user.id, {
      active,
      ...(active ? { closedAt: null } : { tokenVersion: user.tokenVersion + 1 }),
    });
    if (!changed) throw notFound();
    if (!active) await revokeUserTokens(tx, user.id);
    await recordEvent(tx, {
      actorId: actor.id,
      subjectType: 'user',
      subjectId: user.id,
      action: active ? 'activate' : 'deactivate',
    });
    return changed;
  });
}

/** Permanent delete, only of an inactive user; what they made stays, without their name. */
export async function deleteInactiveUser(db: Database, actor: UserRow, id: number): Promise<void> {
  const user = await getManagedUser(db, id);
  if (user.id === actor.id) throw forbidden(ADMIN_MESSAGES.ownAccount);
  if (user.active) throw conflict(ADMIN_MESSAGES.deleteActiveUser);
  await db.transaction(async (tx) => {
    await deleteUserRow(tx, user.id);
    await recordEvent(tx, {
      actorId: actor.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'delete',
      data: { email: user.email },
    });
  });
}
