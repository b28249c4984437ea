import type { MemberRole } from '@scrutineer/contracts';
import { UPLOAD_MESSAGES } from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import { loadDistrict } from '../districts/index.js';
import { loadElection } from '../elections/index.js';
import type { UserRow } from '../users/index.js';
import { canUpload } from './uploads.policy.js';
import type { OwnerRef } from './uploads.repository.js';

/** The election or district files belong to, as the caller sees it. */
export interface Owner extends OwnerRef {
  role: MemberRole;
  name: string;
  state: string;
  county: string;
}

/** Loads the election or district (404 when the caller may not see it) with the caller's role. */
export async function loadOwner(db: Executor, user: UserRow, ref: OwnerRef): Promise<Owner> {
  if (ref.type === 'election') {
    const { row, role } = await loadElection(db, user, ref.id);
    const e = row.election;
    return { ...ref, role, name: e.name, state: e.state, county: e.county };
  }
  const { row, role } = await loadDistrict(db, user, ref.id);
  const d = row.district;
  return { ...ref, role, name: d.name, state: d.stateName, county: d.districtName };
}

/** Loads the owner and refuses an Observer (403): only Auditors and Uploaders handle files. */
export async function loadOwnerForUpload(
  db: Executor,
  user: UserRow,
  ref: OwnerRef,
): Promise<Owner> {
  const owner = await loadOwner(db, user, ref);
  if (!canUpload(owner.role)) throw forbidden(UPLOAD_MESSAGES.uploadersOnly);
  return owner;
}

/** The owner named by a payload: election_id on election routes, district_id on district ones. */
export function ownerRefFrom(
  type: OwnerRef['type'],
  body: { election_id?: number | undefined; district_id?: number | undefined },
): OwnerRef {
  const id = type === 'election' ? body.election_id : body.district_id;
  if (!id)
    throw badRequest(
      type === 'election' ? UPLOAD_MESSAGES.ownerRequired : 'district_id: Required.',
    );
  return { type, id };
}

/** The owner a stored row belongs to. */
export function ownerRefOf(row: {
  electionId: number | null;
  districtId: number | null;
}): OwnerRef | null {
  if (row.electionId) return { type: 'election', id: row.electionId };
  if (row.districtId) return { type: 'district', id: row.districtId };
  return null;
}
