import type { Can, MemberRole } from '@scrutineer/contracts';
import { isAdmin, isPlainUser, type UserRow } from '../users/index.js';

/**
 * The role a user holds on a district: an Admin acts as Auditor; a member has their role; a
 * member of one of its elections sees it as an Observer; anyone else cannot see it (null).
 */
export function districtRole(
  user: UserRow,
  memberRole: string | null,
  viaElection: boolean,
): MemberRole | null {
  if (isAdmin(user)) return 'Auditor';
  if (memberRole) return memberRole as MemberRole;
  return viaElection ? 'Observer' : null;
}

/** Application role User cannot create districts; Admin and the other roles can. */
export const canCreateDistrict = (user: UserRow): boolean => !isPlainUser(user);

/** Only the Auditor edits or deletes a district, its contacts, and adds elections to it. */
export const isDistrictAuditor = (role: MemberRole): boolean => role === 'Auditor';

export const districtCan = (role: MemberRole): Can => ({
  update: isDistrictAuditor(role),
  delete: isDistrictAuditor(role),
});
