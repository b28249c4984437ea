import { donationProgress, toDollars, type Project } from '@scrutineer/contracts';
import type { UserRow } from '../users/index.js';
import { isAdmin } from '../users/index.js';
import { canManageProjects } from './projects.policy.js';
import type { ManualDonationRow, ProjectRow } from './projects.repository.js';

export function presentProject(
  row: ProjectRow,
  electionIds: number[],
  user: UserRow | null,
): Project {
  const target = toDollars(row.donationTargetCents);
  const received = toDollars(row.receivedCents);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    election_date: row.electionDate,
    country: row.country,
    state: row.state,
    donation_target: target,
    pro_intro: row.intro,
    project_intro: row.intro,
    project_url: row.projectUrl,
    election_ids: electionIds.join(','),
    avaliblity: row.availability === 'Private' ? 'Private' : 'Public',
    active: row.active,
    received_donation: received,
    progress: donationProgress(received, target),
    can: { update: canManageProjects(user), addOffline: !!user && isAdmin(user) },
  };
}

export const presentManualDonation = (row: ManualDonationRow) => ({
  id: row.id,
  price: toDollars(row.amountCents),
  project_id: row.projectId,
  description: row.description,
  created_at: row.createdAt.toISOString(),
});
