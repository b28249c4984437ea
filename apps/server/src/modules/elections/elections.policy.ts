import type { Can, MemberRole } from '@scrutineer/contracts';
import { isAdmin, type UserRow } from '../users/index.js';

/** An Admin acts as Auditor; a member has their role; anyone else cannot see it (null). */
export function electionRole(user: UserRow, memberRole: string | null): MemberRole | null {
  if (isAdmin(user)) return 'Auditor';
  return (memberRole as MemberRole | null) ?? null;
}

/** Observer is read-only, Uploader handles files; only the Auditor edits, deletes, invites. */
export const isElectionAuditor = (role: MemberRole): boolean => role === 'Auditor';

export const electionCan = (role: MemberRole): Can => ({
  update: isElectionAuditor(role),
  delete: isElectionAuditor(role),
});

/** The Auditor manages other members, never their own row. */
export const memberCan = (actorRole: MemberRole, actorId: number, memberUserId: number): Can => {
  const allowed = isElectionAuditor(actorRole) && actorId !== memberUserId;
  return { update: allowed, delete: allowed };
};
