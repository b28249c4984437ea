import {
  ELECTION_MESSAGES,
  electionPath,
  DISTRICT_MESSAGES,
  type ElectionCreateBody,
  type ElectionListQuery,
  type ElectionUpdateBody,
  type MemberRole,
} from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { AppDeps } from '../../platform/deps.js';
import type { PendingSession } from '../../platform/http/access.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { assertElectionsArea, isDistrictAuditor, loadDistrict } from '../districts/index.js';
import { canManageProjects, findProjectById } from '../projects/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { listElections as listElectionRows } from './elections.list.js';
import { assertLockedUnchanged, placeFromDistrict } from './elections.locks.js';
import { electionRole, isElectionAuditor } from './elections.policy.js';
import {
  deleteElection as deleteElectionRow,
  findElectionByAddress,
  findElectionFor,
  insertElection,
  touchElectionAccess,
  updateElection as updateElectionRow,
  type ElectionWithMembership,
} from './elections.repository.js';
import { addMember } from './members.repository.js';

export interface LoadedElection {
  row: ElectionWithMembership;
  role: MemberRole;
}

/**
 * Loads an election the user may see, with their role; one they may not see is 404. Someone
 * whose only way in is one of its audit jobs sees it as an Observer.
 */
export async function loadElection(
  db: Executor,
  user: UserRow,
  id: number,
): Promise<LoadedElection> {
  assertElectionsArea(user);
  const row = await findElectionFor(db, id, {
    userId: user.id,
    fullAuth: user.fullAuth,
    testJob: user.testJob,
  });
  // A person who may open one of its audit jobs reads the election as an Observer (the job
  // page's summary and Election tab).
  const role = row && (electionRole(user, row.memberRole) ?? (row.viaJob ? 'Observer' : null));
  if (!row || !role) throw notFound();
  return { row, role };
}

export async function listElections(deps: AppDeps, user: UserRow, query: ElectionListQuery) {
  assertElectionsArea(user);
  const viewer = { userId: user.id, isAdmin: isAdmin(user) };
  const { rows, total } = await listElectionRows(deps.database.db, viewer, query);
  return listed(user, rows, total);
}

/** Listed rows are the user's memberships, or every election for an Admin (acting Auditor). */
function listed(user: UserRow, rows: ElectionWithMembership[], total: number) {
  const items = rows.map((row) => ({
    row,
    role: electionRole(user, row.memberRole) ?? 'Observer',
  }));
  return { items, total };
}

/**
 * `listElections` for a caller whose account is read by the page's own statement: the page is
 * read for the role the token was signed with, then the account decides. A caller refused, kept
 * out of the area, or whose role changed since signing in gets exactly what `listElections`
 * gives them (the last at the cost of a second read).
 */
export async function listElectionsFor(
  deps: AppDeps,
  session: PendingSession,
  query: ElectionListQuery,
) {
  const guess = { userId: session.claims.userId, isAdmin: session.claims.role === 'Admin' };
  const found = await listElectionRows(deps.database.db, guess, query, session);
  const user = await session.settle(found.account);
  if (isAdmin(user) !== guess.isAdmin) return listElections(deps, user, query);
  assertElectionsArea(user);
  return listed(user, found.rows, found.total);
}

/**
 * An election shows on the pages of the projects it names, so only someone who may edit a
 * project adds an election to it; ids already on the election may stay or go.
 */
async function assertMayAddProjects(
  db: Executor,
  user: UserRow,
  wanted: number[],
  current: number[] = [],
): Promise<void> {
  const added = wanted.filter((id) => !current.includes(id));
  if (added.length === 0) return;
  if (!canManageProjects(user)) throw forbidden(ELECTION_MESSAGES.projectNotEditable);
  for (const id of added) {
    if (!(await findProjectById(db, id))) throw badRequest(ELECTION_MESSAGES.projectNotEditable);
  }
}

/** Opens an election: the member's access date is recorded for the list's default order. */
export async function openElection(deps: AppDeps, user: UserRow, id: number) {
  const loaded = await loadElection(deps.database.db, user, id);
  if (loaded.row.memberRole === null) return loaded;
  const lastAccessedAt = await touchElectionAccess(deps.database.db, id, user.id);
  return { ...loaded, row: { ...loaded.row, lastAccessedAt } };
}

/** Creates an election in a district (its Auditor only); the creator is the election's Auditor. */
export async function createElection(deps: AppDeps, user: UserRow, body: ElectionCreateBody) {
  const db = deps.database.db;
  const district = await loadDistrict(db, user, body.districtId);
  if (!isDistrictAuditor(district.role)) throw forbidden(DISTRICT_MESSAGES.auditorOnlyElections);
  await assertMayAddProjects(db, user, body.project_ids);
  const place = placeFromDistrict(body, district.row.district);
  const address = electionPath({ ...place, e_type: body.e_type, date: body.date });
  try {
    const id = await db.transaction(async (tx) => {
      if (await findElectionByAddress(tx, address)) throw conflict(ELECTION_MESSAGES.pathTaken);
      const election = await insertElection(tx, {
        ...place,
        name: body.name,
        eType: body.e_type,
        privacy: body.privacy,
        date: body.date,
        description: body.description,
        address,
        districtId: body.districtId,
        projectIds: body.project_ids,
        createdBy: user.id,
      });
      await addMember(tx, election.id, user.id, 'Auditor');
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'election',
        subjectId: election.id,
        action: 'create',
        data: { address, districtId: body.districtId },
      });
      return election.id;
    });
    return await loadElection(db, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ELECTION_MESSAGES.pathTaken);
    throw error;
  }
}

/** Changes name, description and projects; the Auditor only, and locked fields stay. */
export async function updateElection(
  deps: AppDeps,
  user: UserRow,
  id: number,
  body: ElectionUpdateBody,
) {
  if (body.id !== undefined && body.id !== id) throw badRequest(ELECTION_MESSAGES.idMismatch);
  const { row, role } = await loadElection(deps.database.db, user, id);
  if (!isElectionAuditor(role)) throw forbidden(ELECTION_MESSAGES.auditorOnlyEdit);
  assertLockedUnchanged(row.election, body);
  if (body.project_ids) {
    await assertMayAddProjects(deps.database.db, user, body.project_ids, row.election.projectIds);
  }
  await deps.database.db.transaction(async (tx) => {
    await updateElectionRow(tx, id, {
      name: body.name,
      description: body.description,
      ...(body.project_ids ? { projectIds: body.project_ids } : {}),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'election',
      subjectId: id,
      action: 'update',
    });
  });
  return loadElection(deps.database.db, user, id);
}

/** Deletes an election with its memberships (the Auditor only); docs/decisions.md. */
export async function deleteElection(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  const { row, role } = await loadElection(deps.database.db, user, id);
  if (!isElectionAuditor(role)) throw forbidden(ELECTION_MESSAGES.auditorOnlyDelete);
  // Uploaded files keep their election (ON DELETE RESTRICT): delete them first.
  await deps.database.db
    .transaction(async (tx) => {
      await deleteElectionRow(tx, id);
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'election',
        subjectId: id,
        action: 'delete',
        data: { address: row.election.address, districtId: row.election.districtId },
      });
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw conflict(ELECTION_MESSAGES.hasFiles);
      throw error;
    });
}
