import {
  DISTRICT_MESSAGES,
  todayIso,
  type ContactBody,
  type MemberRole,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { UserRow } from '../users/index.js';
import {
  deleteContact as deleteContactRow,
  findContact,
  insertContact,
  listContacts,
  updateContact as updateContactRow,
  type ContactRow,
} from './contacts.repository.js';
import { isDistrictAuditor } from './districts.policy.js';
import { loadDistrict } from './districts.service.js';

export interface LoadedContact {
  contact: ContactRow;
  role: MemberRole;
}

function valuesOf(body: ContactBody) {
  return {
    name: body.name,
    title: body.title,
    email: body.email,
    address: body.address,
    city: body.city,
    stateZipcode: body.state_zipcode,
    phoneNumber: body.phone_number,
    website: body.website,
  };
}

/** Loads the district for a change to its contacts: only its Auditor may make one. */
async function loadForChange(deps: AppDeps, user: UserRow, districtId: number) {
  const district = await loadDistrict(deps.database.db, user, districtId);
  if (!isDistrictAuditor(district.role)) throw forbidden(DISTRICT_MESSAGES.auditorOnlyContacts);
  return district;
}

export async function listDistrictContacts(
  deps: AppDeps,
  user: UserRow,
  districtId: number,
  query: Parameters<typeof listContacts>[2],
) {
  const { role } = await loadDistrict(deps.database.db, user, districtId);
  const { rows, total } = await listContacts(deps.database.db, districtId, query);
  return { items: rows.map((contact) => ({ contact, role })), total };
}

export async function getContact(
  deps: AppDeps,
  user: UserRow,
  districtId: number,
  id: number,
): Promise<LoadedContact> {
  const { role } = await loadDistrict(deps.database.db, user, districtId);
  const contact = await findContact(deps.database.db, districtId, id);
  if (!contact) throw notFound();
  return { contact, role };
}

export async function createContact(
  deps: AppDeps,
  user: UserRow,
  districtId: number,
  body: ContactBody,
): Promise<LoadedContact> {
  const { role } = await loadForChange(deps, user, districtId);
  const contact = await deps.database.db.transaction(async (tx) => {
    const saved = await insertContact(tx, {
      ...valuesOf(body),
      districtId,
      date: body.date ?? todayIso(),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'district-contact',
      subjectId: saved.id,
      action: 'create',
      data: { districtId },
    });
    return saved;
  });
  return { contact, role };
}

export async function updateContact(
  deps: AppDeps,
  user: UserRow,
  districtId: number,
  id: number,
  body: ContactBody,
): Promise<LoadedContact> {
  if (body.id !== undefined && body.id !== id) throw badRequest(DISTRICT_MESSAGES.idMismatch);
  const { role } = await loadForChange(deps, user, districtId);
  const contact = await deps.database.db.transaction(async (tx) => {
    if (!(await findContact(tx, districtId, id))) throw notFound();
    const saved = await updateContactRow(tx, id, {
      ...valuesOf(body),
      ...(body.date ? { date: body.date } : {}),
    });
    if (!saved) throw notFound();
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'district-contact',
      subjectId: id,
      action: 'update',
      data: { districtId },
    });
    return saved;
  });
  return { contact, role };
}

export async function deleteContact(
  deps: AppDeps,
  user: UserRow,
  districtId: number,
  id: number,
): Promise<void> {
  await loadForChange(deps, user, districtId);
  await deps.database.db.transaction(async (tx) => {
    if (!(await findContact(tx, districtId, id))) throw notFound();
    await deleteContactRow(tx, id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'district-contact',
      subjectId: id,
      action: 'delete',
      data: { districtId },
    });
  });
}
