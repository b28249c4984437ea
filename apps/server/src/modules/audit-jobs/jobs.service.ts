import {
  JOB_MESSAGES,
  type AuditJobCreateBody,
  type AuditJobListQuery,
  type AuditJobUpdateBody,
} from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertElectionsArea } from '../districts/index.js';
import { isElectionAuditor, loadElection } from '../elections/index.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { loadJob } from './jobs.access.js';
import { isJobAuditor, jobAccess } from './jobs.policy.js';
import {
  addJobMember,
  deleteJob as deleteJobRow,
  insertJob,
  listJobBlobKeys,
  listJobs as listJobRows,
  listPublicJobs,
  updateJob as updateJobRow,
} from './jobs.repository.js';

export async function listJobs(deps: AppDeps, user: UserRow, query: AuditJobListQuery) {
  assertElectionsArea(user);
  if (query.test && !isAdmin(user) && !user.testJob) throw forbidden(JOB_MESSAGES.testJobFlag);
  const viewer = {
    userId: user.id,
    isAdmin: isAdmin(user),
    fullAuth: user.fullAuth,
    testJob: user.testJob,
  };
  const { rows, total } = await listJobRows(deps.database.db, viewer, query);
  const items = rows.flatMap((row) => {
    const access = jobAccess(user, row);
    return access ? [{ row, access }] : [];
  });
  return { items, total };
}

/** Creates a job on an election (its Auditor); the creator becomes the job's Auditor. */
export async function createJob(deps: AppDeps, user: UserRow, body: AuditJobCreateBody) {
  const db = deps.database.db;
  const election = await loadElection(db, user, body.election_id);
  if (!isElectionAuditor(election.role)) throw forbidden(JOB_MESSAGES.electionAuditorOnly);
  if (body.is_test && !isAdmin(user) && !user.testJob) throw forbidden(JOB_MESSAGES.testJobFlag);
  const id = await db.transaction(async (tx) => {
    const job = await insertJob(tx, {
      name: body.name,
      description: body.description,
      electionId: body.election_id,
      isTest: body.is_test,
      createdBy: user.id,
    });
    // The job folder: generated, so a job's name never becomes a storage path.
    await updateJobRow(tx, job.id, { address: `jobs/${job.id}` });
    await addJobMember(tx, job.id, user.id, 'Auditor');
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'audit_job',
      subjectId: job.id,
      action: 'create',
      data: { electionId: body.election_id, isTest: body.is_test },
    });
    return job.id;
  });
  return loadJob(db, user, id);
}

/** Name and description (the Auditor); donation figures and status (an Admin). */
export async function updateJob(
  deps: AppDeps,
  user: UserRow,
  id: number,
  body: AuditJobUpdateBody,
) {
  if (body.id !== undefined && body.id !== id) throw badRequest(JOB_MESSAGES.idMismatch);
  const db = deps.database.db;
  const loaded = await loadJob(db, user, id);
  const job = loaded.row.job;
  if (body.election_id !== undefined && body.election_id !== job.electionId)
    throw badRequest(JOB_MESSAGES.electionLocked);
  const changesText = body.name !== undefined || body.description !== undefined;
  const changesDonation =
    body.request_donate !== undefined ||
    body.received_donation !== undefined ||
    body.active !== undefined ||
    (body.status !== undefined && body.status !== job.status);
  if (changesText && !isJobAuditor(loaded.role)) throw forbidden(JOB_MESSAGES.auditorOnlyEdit);
  if (changesDonation && !isAdmin(user)) throw forbidden(JOB_MESSAGES.adminOnlyDonation);
  const requested = body.request_donate ?? job.requestDonate;
  const received = job.receivedDonation;
  const adding = body.received_donation ?? 0;
  // The spec's rule: refuse when requested plus already received is below the amount added.
  if (adding > 0 && requested + received < adding) throw badRequest(JOB_MESSAGES.donationTooLarge);
  await db.transaction(async (tx) => {
    await updateJobRow(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.request_donate !== undefined ? { requestDonate: body.request_donate } : {}),
      ...(adding > 0 ? { receivedDonation: received + adding } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      lastUpdated: new Date(),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'audit_job',
      subjectId: id,
      action: changesDonation ? 'donation' : 'update',
      data: changesDonation ? { request_donate: requested, added: adding } : {},
    });
  });
  return {
    loaded: await loadJob(db, user, id),
    message: changesDonation && !changesText ? JOB_MESSAGES.donationUpdated : JOB_MESSAGES.updated,
  };
}

/** Deletes a job (its Auditor) with its files and attachments, rows first, then the bytes. */
export async function deleteJob(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  const db = deps.database.db;
  const loaded = await loadJob(db, user, id);
  if (!isJobAuditor(loaded.role)) throw forbidden(JOB_MESSAGES.auditorOnlyDelete);
  const keys = await db.transaction(async (tx) => {
    const found = await listJobBlobKeys(tx, id);
    await deleteJobRow(tx, id);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'audit_job',
      subjectId: id,
      action: 'delete',
      data: { name: loaded.row.job.name, electionId: loaded.row.job.electionId },
    });
    return found;
  });
  for (const key of keys) {
    await deps.blobs.delete(key).catch((error: unknown) => {
      deps.log.warn({ err: error, key }, 'job file left in the store');
    });
  }
}

export async function listOpenJobs(deps: AppDeps) {
  return listPublicJobs(deps.database.db);
}

export async function getOpenJob(deps: AppDeps, id: number) {
  const [row] = await listPublicJobs(deps.database.db, id);
  if (!row) throw notFound();
  return row;
}
