import { jobStatusOf, type AuditJob, type PublicAuditJob } from '@scrutineer/contracts';
import type { UserRow } from '../users/index.js';
import { jobCan, type JobAccess } from './jobs.policy.js';
import type { AuditJobRow, JobWithAccess } from './jobs.repository.js';

/** received / requested × 100, 0 when nothing (or nothing numeric) is requested. */
export function progressOf(job: AuditJobRow): number {
  const requested = job.requestDonate;
  if (!Number.isFinite(requested) || requested <= 0) return 0;
  return (job.receivedDonation / requested) * 100;
}

export function presentJob(user: UserRow, row: JobWithAccess, access: JobAccess): AuditJob {
  const { job, election: e } = row;
  return {
    id: job.id,
    name: job.name,
    description: job.description,
    election_id: job.electionId,
    election: {
      id: e.id,
      name: e.name,
      county: e.county,
      privacy: e.privacy as AuditJob['election']['privacy'],
      e_type: e.eType as AuditJob['election']['e_type'],
      date: e.date,
      state: e.state,
      country: e.country,
      role: (row.electionRole as AuditJob['election']['role']) ?? null,
      districtId: e.districtId,
    },
    role: access.role,
    status: jobStatusOf(job.status, row.stages),
    is_test: job.isTest ? 'True' : 'False',
    address: job.address,
    users: row.users,
    lastUpdated: job.lastUpdated.toISOString(),
    request_donate: job.requestDonate,
    received_donation: job.receivedDonation,
    active: job.active,
    progress: progressOf(job),
    permitted: access.permitted,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    can: jobCan(user, access),
  };
}

export function presentPublicJob(row: {
  job: AuditJobRow;
  election: JobWithAccess['election'];
  stages: string[];
}): PublicAuditJob {
  const { job, election: e } = row;
  return {
    id: job.id,
    name: job.name,
    description: job.description,
    status: jobStatusOf(job.status, row.stages),
    election: { id: e.id, name: e.name, county: e.county, state: e.state, country: e.country },
    request_donate: job.requestDonate,
    received_donation: job.receivedDonation,
    progress: progressOf(job),
    active: job.active,
  };
}
