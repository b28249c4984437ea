import {
  DISTRICT_MESSAGES,
  districtName,
  MESSAGES,
  todayIso,
  type DistrictBody,
  type DistrictListQuery,
  type MemberRole,
} from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { canUseElectionsArea, isAdmin, type UserRow } from '../users/index.js';
import { assertPlaceUnchanged, resolvePlace } from './districts.places.js';
import { canCreateDistrict, districtRole, isDistrictAuditor } from './districts.policy.js';
import {
  findDistrictSummary,
  listDistricts as listDistrictRows,
  type DistrictSummaryRow,
} from './districts.list.js';
import {
  addDistrictMember,
  deleteDistrict as deleteDistrictRow,
  findDistrictByName,
  insertDistrict,
  updateDistrict as updateDistrictRow,
} from './districts.repository.js';

export interface LoadedDistrict {
  row: DistrictSummaryRow;
  role: MemberRole;
}

/** Role User with plan 0 gets the spec's permission message on this whole area. */
export function assertElectionsArea(user: UserRow): void {
  if (!canUseElectionsArea(user)) throw forbidden(MESSAGES.noPermission);
}

/** Loads a district the user may see, with their role; a district they may not see is 404. */
export async function loadDistrict(
  db: Executor,
  user: UserRow,
  id: number,
): Promise<LoadedDistrict> {
  assertElectionsArea(user);
  const row = await findDistrictSummary(db, id, user.id);
  const role = row && districtRole(user, row.memberRole, row.viaElection);
  if (!row || !role) throw notFound();
  return { row, role };
}

export async function listDistricts(deps: AppDeps, user: UserRow, query: DistrictListQuery) {
  assertElectionsArea(user);
  const viewer = { userId: user.id, isAdmin: isAdmin(user) };
  const { rows, total } = await listDistrictRows(deps.database.db, viewer, query);
  // Every listed district is visible, so a non-member sees it through an election: Observer.
  const items = rows.map((row) => ({
    row,
    role: districtRole(user, row.memberRole, true) ?? 'Observer',
  }));
  return { items, total };
}

function detailsOf(body: DistrictBody) {
  return {
    address: body.address,
    city: body.city,
    statePostalCode: body.statePostalCode,
    phoneNumber: body.phoneNumber,
    email: body.email,
    website: body.website,
  };
}

/** Creates a district; its creator becomes its Auditor. */
export async function createDistrict(
  deps: AppDeps,
  user: UserRow,
  body: DistrictBody,
): Promise<LoadedDistrict> {
  assertElectionsArea(user);
  if (!canCreateDistrict(user)) throw forbidden(DISTRICT_MESSAGES.userCannotCreate);
  const place = resolvePlace(body);
  const name = districtName(place.country, place.stateName, place.districtName);
  const id = await guardConflicts(DISTRICT_MESSAGES.nameTaken, () =>
    deps.database.db.transaction(async (tx) => {
      if (await findDistrictByName(tx, name)) throw conflict(DISTRICT_MESSAGES.nameTaken);
      const district = await insertDistrict(tx, {
        ...place,
        ...detailsOf(body),
        name,
        date: body.date ?? todayIso(),
        createdBy: user.id,
      });
      await addDistrictMember(tx, district.id, user.id, 'Auditor');
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'district',
        subjectId: district.id,
        action: 'create',
        data: { name },
      });
      return district.id;
    }),
  );
  return loadDistrict(deps.database.db, user, id);
}

/** Updates a district's details; its country, state and district are fixed at creation. */
export async function updateDistrict(
  deps: AppDeps,
  user: UserRow,
  id: number,
  body: DistrictBody,
): Promise<LoadedDistrict> {
  if (body.id !== undefined && body.id !== id) throw badRequest(DISTRICT_MESSAGES.idMismatch);
  const { row, role } = await loadDistrict(deps.database.db, user, id);
  if (!isDistrictAuditor(role)) throw forbidden(DISTRICT_MESSAGES.auditorOnlyEdit);
  assertPlaceUnchanged(row.district, {
    country: body.country,
    stateName: body.state_name,
    districtName: body.district_name,
  });
  await deps.database.db.transaction(async (tx) => {
    await updateDistrictRow(tx, id, {
      ...detailsOf(body),
      ...(body.date ? { date: body.date } : {}),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'district',
      subjectId: id,
      action: 'update',
    });
  });
  return loadDistrict(deps.database.db, user, id);
}

/**
 * Deletes a district with its contacts and memberships. A district that still has elections
 * is refused: they hold members, files and audits of their own (docs/decisions.md).
 */
export async function deleteDistrict(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  const { row, role } = await loadDistrict(deps.database.db, user, id);
  if (!isDistrictAuditor(role)) throw forbidden(DISTRICT_MESSAGES.auditorOnlyDelete);
  if (row.elections > 0) throw conflict(DISTRICT_MESSAGES.hasElections);
  await guardConflicts(DISTRICT_MESSAGES.hasElections, () =>
    deps.database.db.transaction(async (tx) => {
      await deleteDistrictRow(tx, id);
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'district',
        subjectId: id,
        action: 'delete',
        data: { name: row.district.name, contacts: row.contacts },
      });
    }),
  );
}

/** A race lost to another request (same name saved, election added) answers 409, not 500. */
async function guardConflicts<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) || isForeignKeyViolation(error)) throw conflict(message);
    throw error;
  }
}
