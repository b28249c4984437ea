import {
  ELECTION_MESSAGES,
  type MemberCreateBody,
  type MemberUpdateBody,
} from '@scrutineer/contracts';
import type { z } from 'zod';
import type { memberListQuerySchema } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { UserRow } from '../users/index.js';
import { updateUser } from '../users/index.js';
import { isElectionAuditor } from './elections.policy.js';
import { loadElection, type LoadedElection } from './elections.service.js';
import { inviteToElection } from './invite.js';
import {
  deleteMember,
  findMemberById,
  listMembers,
  updateMemberRole,
  type MemberWithUser,
} from './members.repository.js';

/** Loads the election for its Users tab: only the Auditor (or an Admin) manages members. */
async function loadForMembers(deps: AppDeps, user: UserRow, electionId: number) {
  const election = await loadElection(deps.database.db, user, electionId);
  if (!isElectionAuditor(election.role)) throw forbidden(ELECTION_MESSAGES.auditorOnlyUsers);
  return election;
}

/** Loads a member row through its election; never one's own row. */
async function loadOtherMember(deps: AppDeps, user: UserRow, id: number) {
  const member = await findMemberById(deps.database.db, id);
  if (!member) throw notFound();
  const election = await loadForMembers(deps, user, member.member.electionId);
  if (member.user.id === user.id) throw forbidden(ELECTION_MESSAGES.notYourself);
  return { member, election };
}

export async function listElectionMembers(
  deps: AppDeps,
  user: UserRow,
  electionId: number,
  query: z.infer<typeof memberListQuerySchema>,
) {
  const election = await loadForMembers(deps, user, electionId);
  const { rows, total } = await listMembers(deps.database.db, electionId, query);
  return { rows, total, role: election.role };
}

/** Adds a person by e-mail; see invite.ts for pending accounts and the mail sent. */
export async function inviteMember(
  deps: AppDeps,
  user: UserRow,
  body: MemberCreateBody,
): Promise<{ member: MemberWithUser; election: LoadedElection }> {
  const election = await loadForMembers(deps, user, body.election_id);
  try {
    const memberId = await inviteToElection(deps, user, election.row.election, body);
    const member = await findMemberById(deps.database.db, memberId);
    if (!member) throw notFound();
    return { member, election };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ELECTION_MESSAGES.alreadyMember);
    throw error;
  }
}

/** Changes another member's role; names change too while their account is pending. */
export async function updateMember(
  deps: AppDeps,
  user: UserRow,
  id: number,
  body: MemberUpdateBody,
): Promise<{ member: MemberWithUser; election: LoadedElection }> {
  if (body.id !== undefined && body.id !== id) throw badRequest(ELECTION_MESSAGES.idMismatch);
  const { member, election } = await loadOtherMember(deps, user, id);
  await deps.database.db.transaction(async (tx) => {
    await updateMemberRole(tx, id, body.role);
    if (member.user.pending) {
      await updateUser(tx, member.user.id, {
        firstName: body.first_name,
        lastName: body.last_name,
      });
    }
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'election-member',
      subjectId: id,
      action: 'update',
      data: { electionId: member.member.electionId, role: body.role, from: member.member.role },
    });
  });
  const saved = await findMemberById(deps.database.db, id);
  if (!saved) throw notFound();
  return { member: saved, election };
}

export async function removeMember(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  const { member } = await loadOtherMember(deps, user, id);
  await deps.database.db.transaction(async (tx) => {
    await deleteMember(tx, id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'election-member',
      subjectId: id,
      action: 'delete',
      data: { electionId: member.member.electionId, userId: member.user.id },
    });
  });
}
