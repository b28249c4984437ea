import type { JobCan, MemberRole } from '@scrutineer/contracts';
import { isAdmin, type UserRow } from '../users/index.js';
import type { JobPermissionRow, JobWithAccess } from './jobs.repository.js';

/** What a person holds on a job: their role, and whether a per-job permission let them in. */
export interface JobAccess {
  role: MemberRole;
  permitted: boolean;
  permission: JobPermissionRow | null;
}

/**
 * The caller's role on a job: Admin acts as Auditor; a job member has their job role, else
 * their election role. Without a role, the Admin's per-job permission (or full authorisation)
 * lets a person in as Observer. Null: the job is not theirs to see.
 */
export function jobAccess(user: UserRow, row: JobWithAccess): JobAccess | null {
  if (isAdmin(user)) return { role: 'Auditor', permitted: false, permission: row.permission };
  const role = (row.jobRole ?? row.electionRole) as MemberRole | null;
  const granted = row.permission !== null || user.fullAuth;
  if (role && (role !== 'Observer' || row.election.privacy === 'Open'))
    return { role, permitted: false, permission: row.permission };
  if (granted) return { role: 'Observer', permitted: true, permission: row.permission };
  return null;
}

/** An Observer whose only way in is their role may open a job only on an Open election. */
export const isBlockedObserver = (user: UserRow, row: JobWithAccess): boolean =>
  !isAdmin(user) &&
  (row.jobRole ?? row.electionRole) === 'Observer' &&
  row.election.privacy !== 'Open' &&
  row.permission === null &&
  !user.fullAuth;

export const isJobAuditor = (role: MemberRole): boolean => role === 'Auditor';
/** Auditor and Uploader see and handle the Job Files tab. */
export const canHandleFiles = (role: MemberRole): boolean =>
  role === 'Auditor' || role === 'Uploader';
/** Running work on a job: its Auditor, or a person the Admin permitted who may run audits. */
export const canRunJob = (user: UserRow, access: JobAccess): boolean =>
  isJobAuditor(access.role) || (access.permitted && user.runAudit);

/**
 * Adjudicating a job's items: its Auditor (an Admin acts as one), or a person with the
 * run_adjudicator flag whom the Admin permitted on the job (or authorised on every job),
 * whatever their role on its election.
 */
export const canAdjudicateJob = (user: UserRow, access: JobAccess): boolean =>
  isJobAuditor(access.role) ||
  ((access.permission !== null || user.fullAuth) && user.runAdjudicator);

/** Whether a ballot (by index) of page 1 or 2 lies in the person's permitted ranges. */
export function permitsBallot(permission: JobPermissionRow | null, page: 1 | 2, ballot: number) {
  if (!permission) return false;
  if (permission.fullRange) return true;
  if (page === 1) return permission.page1 && ballot >= permission.start && ballot <= permission.end;
  return permission.page2 && ballot >= permission.page2Start && ballot <= permission.page2End;
}

export const jobCan = (user: UserRow, access: JobAccess): JobCan => ({
  update: isJobAuditor(access.role),
  delete: isJobAuditor(access.role),
  files: canHandleFiles(access.role),
  run: canRunJob(user, access),
});
