import type { Election, Member, MemberRole } from '@scrutineer/contracts';
import { electionCan, memberCan } from './elections.policy.js';
import type { ElectionWithMembership } from './elections.repository.js';
import type { MemberWithUser } from './members.repository.js';

export function presentElection(row: ElectionWithMembership, role: MemberRole): Election {
  const e = row.election;
  return {
    id: e.id,
    name: e.name,
    e_type: e.eType as Election['e_type'],
    privacy: e.privacy as Election['privacy'],
    country: e.country,
    state: e.state,
    county: e.county,
    date: e.date,
    description: e.description,
    address: e.address,
    project_ids: e.projectIds,
    districtId: e.districtId,
    role,
    last_accessed_at: row.lastAccessedAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    can: electionCan(role),
  };
}

export function presentMember(
  row: MemberWithUser,
  actor: { id: number; role: MemberRole },
): Member {
  return {
    id: row.member.id,
    election_id: row.member.electionId,
    role: row.member.role as MemberRole,
    status: row.user.pending ? 'Invited' : 'Active',
    created_at: row.member.createdAt.toISOString(),
    user: {
      id: row.user.id,
      first_name: row.user.firstName,
      last_name: row.user.lastName,
      email: row.user.email,
    },
    can: memberCan(actor.role, actor.id, row.user.id),
  };
}
