import { JOB_MESSAGES, JOB_FILE_MESSAGES } from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { assertElectionsArea } from '../districts/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { canHandleFiles, isBlockedObserver, jobAccess, type JobAccess } from './jobs.policy.js';
import { findJobFor, type JobWithAccess } from './jobs.repository.js';

export interface LoadedJob extends JobAccess {
  row: JobWithAccess;
}

/**
 * Loads a job the user may open. One they have no way into is 404; an Observer on an election
 * that is not Open is refused (403) with the reason; test jobs need the test_job flag.
 */
export async function loadJob(db: Executor, user: UserRow, id: number): Promise<LoadedJob> {
  assertElectionsArea(user);
  const row = await findJobFor(db, id, user.id);
  if (!row) throw notFound();
  if (row.job.isTest && !isAdmin(user) && !user.testJob) throw notFound();
  if (isBlockedObserver(user, row)) throw forbidden(JOB_MESSAGES.observerClosed);
  const access = jobAccess(user, row);
  if (!access) throw notFound();
  return { row, ...access };
}

/** Loads the job and refuses anyone but its Auditor or an Uploader. */
export async function loadJobForFiles(db: Executor, user: UserRow, id: number): Promise<LoadedJob> {
  const loaded = await loadJob(db, user, id);
  if (!canHandleFiles(loaded.role)) throw forbidden(JOB_FILE_MESSAGES.filesRole);
  return loaded;
}
