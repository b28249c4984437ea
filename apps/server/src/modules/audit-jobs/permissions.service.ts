import {
  JOB_PERMISSION_MESSAGES,
  MESSAGES,
  PERMISSION_RANGES,
  jobPermissionInputSchema,
  type AuditPermission,
  type JobPermissionRequest,
  type SaveAuditPermissionBody,
} from '@scrutineer/contracts';
import { z } from 'zod';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { findUserById, isAdmin, updateUser, type UserRow } from '../users/index.js';
import {
  answerRequest,
  existingJobIds,
  findRequest,
  insertRequest,
  jobNames,
  listRequests,
  listUserPermissions,
  replaceUserPermissions,
  upsertPermission,
  type RequestWithUser,
} from './permissions.repository.js';
import { loadJob } from './jobs.access.js';
import { listPublicJobs } from './jobs.repository.js';

/** A user's per-job permissions and flags as the permission dialog reads them. */
export async function getAuditPermission(deps: AppDeps, userId: number): Promise<AuditPermission> {
  const db = deps.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const rows = await listUserPermissions(db, userId);
  return {
    user_id: user.id,
    audit_ids: rows.map((r) => r.permission.jobId).join(','),
    audits: rows.map(({ permission: p, jobName }) => ({
      jobid: p.jobId,
      job_name: jobName,
      fullRange: p.fullRange,
      start: p.start,
      end: p.end,
      page_1: p.page1,
      page_2: p.page2,
      page2_start: p.page2Start,
      page2_end: p.page2End,
      style_page_1: p.stylePage1,
      style_page_2: p.stylePage2,
    })),
    run_adjudicator: user.runAdjudicator,
    run_audit: user.runAudit,
    run_targetmapper: user.runTargetmapper,
    project_permission: user.projectPermission,
    test_job: user.testJob,
    fullAuth: user.fullAuth,
  };
}

function parsePermissions(raw: SaveAuditPermissionBody['permissions']) {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = raw.trim() === '' ? [] : JSON.parse(raw);
    } catch {
      throw badRequest('permissions: Must be a JSON list.');
    }
  }
  const parsed = z.array(jobPermissionInputSchema).max(10_000).safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `permissions.${issue?.path.join('.') ?? ''}: ${issue?.message ?? MESSAGES.invalidValue}`,
    );
  }
  return parsed.data;
}

/**
 * Replaces the user's per-job permissions and sets their flags (Admin). A full-range row is
 * saved with zero ranges and no pages, as the spec's dialog saves it.
 */
export async function saveAuditPermission(
  deps: AppDeps,
  admin: UserRow,
  userId: number,
  body: SaveAuditPermissionBody,
): Promise<AuditPermission> {
  if (body.id !== undefined && body.id !== userId)
    throw badRequest('id: Does not match the user in the address.');
  const db = deps.database.db;
  if (!(await findUserById(db, userId))) throw notFound();
  const rows = parsePermissions(body.permissions);
  const ids = [...new Set(rows.map((r) => r.jobid))];
  if (ids.length !== rows.length) throw badRequest('permissions: A job can appear only once.');
  const known = await existingJobIds(db, ids);
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw badRequest(JOB_PERMISSION_MESSAGES.noSuchJob(missing));
  for (const r of rows) {
    if (!r.fullRange && (r.end < r.start || r.page2_end < r.page2_start))
      throw badRequest(JOB_PERMISSION_MESSAGES.badRange);
  }
  await db.transaction(async (tx) => {
    await replaceUserPermissions(
      tx,
      userId,
      rows.map((r) =>
        r.fullRange
          ? {
              userId,
              jobId: r.jobid,
              fullRange: true,
              start: 0,
              end: 0,
              page1: false,
              page2: false,
            }
          : {
              userId,
              jobId: r.jobid,
              fullRange: false,
              start: r.start,
              end: r.end,
              page1: r.page_1,
              page2: r.page_2,
              page2Start: r.page2_start,
              page2End: r.page2_end,
              stylePage1: r.style_page_1,
              stylePage2: r.style_page_2,
            },
      ),
    );
    await updateUser(tx, userId, {
      ...(body.run_adjudicator !== undefined ? { runAdjudicator: body.run_adjudicator } : {}),
      ...(body.run_audit !== undefined ? { runAudit: body.run_audit } : {}),
      ...(body.run_targetmapper !== undefined ? { runTargetmapper: body.run_targetmapper } : {}),
      ...(body.project_permission !== undefined
        ? { projectPermission: body.project_permission }
        : {}),
      ...(body.test_job !== undefined ? { testJob: body.test_job } : {}),
      ...(body.fullAuth !== undefined ? { fullAuth: body.fullAuth } : {}),
    });
    await recordEvent(tx, {
      actorId: admin.id,
      subjectType: 'user',
      subjectId: userId,
      action: 'job_permissions',
      data: { jobs: ids },
    });
  });
  return getAuditPermission(deps, userId);
}

/**
 * Of `ids`, the jobs the caller may know by name: every job for an Admin, else the public
 * ones (what the request dialog lists) and the ones the caller can open.
 */
async function jobsKnownTo(deps: AppDeps, user: UserRow, ids: number[]): Promise<Set<number>> {
  const db = deps.database.db;
  if (isAdmin(user)) return existingJobIds(db, ids);
  const known = new Set<number>();
  for (const id of ids) {
    if ((await listPublicJobs(db, id)).length > 0) {
      known.add(id);
      continue;
    }
    const opened = await loadJob(db, user, id).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (opened) known.add(id);
  }
  return known;
}

async function presentRequests(
  deps: AppDeps,
  viewer: UserRow,
  rows: RequestWithUser[],
): Promise<JobPermissionRequest[]> {
  const ids = [...new Set(rows.flatMap((r) => r.request.jobIds))];
  const known = await jobsKnownTo(deps, viewer, ids);
  const names = await jobNames(
    deps.database.db,
    ids.filter((id) => known.has(id)),
  );
  return rows.map(({ request, user }) => ({
    id: request.id,
    user: { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName },
    job_ids: request.jobIds.join(','),
    jobs: request.jobIds.map((id) => ({ id, name: names.get(id) ?? `Job ${id}` })),
    status: request.status as JobPermissionRequest['status'],
    job_permission: request.jobPermission,
    created_at: request.createdAt.toISOString(),
  }));
}

/** Every request (an Admin's view), or the viewer's own when `userId` is given. */
export async function listPermissionRequests(deps: AppDeps, viewer: UserRow, userId?: number) {
  return presentRequests(deps, viewer, await listRequests(deps.database.db, userId));
}

export async function getPermissionRequest(deps: AppDeps, user: UserRow, id: number) {
  const row = await findRequest(deps.database.db, id);
  if (!row || (!isAdmin(user) && row.request.userId !== user.id)) throw notFound();
  const [presented] = await presentRequests(deps, user, [row]);
  if (!presented) throw notFound();
  return presented;
}

/** A user asks for jobs; `job_ids` may come comma-joined as the spec sends it. */
export async function requestJobPermission(
  deps: AppDeps,
  user: UserRow,
  jobIds: number[] | string,
) {
  const ids = (
    typeof jobIds === 'string'
      ? jobIds
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number)
      : jobIds
  ).filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length === 0) throw badRequest(JOB_PERMISSION_MESSAGES.selectJob);
  const unique = [...new Set(ids)];
  const db = deps.database.db;
  // A job the caller cannot see answers as one that does not exist.
  const known = await jobsKnownTo(deps, user, unique);
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw badRequest(JOB_PERMISSION_MESSAGES.noSuchJob(missing));
  const row = await db.transaction(async (tx) => {
    const inserted = await insertRequest(tx, user.id, unique);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'job_permission_request',
      subjectId: inserted.id,
      action: 'create',
      data: { jobs: unique },
    });
    return inserted;
  });
  return getPermissionRequest(deps, user, row.id);
}

/**
 * The Admin answers a request per job: an accepted job becomes a per-job permission, the whole
 * job when `permission` is checked, else the Authorize-All range on page 1.
 */
export async function answerJobPermission(
  deps: AppDeps,
  admin: UserRow,
  id: number,
  answers: { job_id: number; accept_permission: boolean; permission: boolean }[],
) {
  if (!isAdmin(admin)) throw forbidden(MESSAGES.adminOnly);
  const db = deps.database.db;
  const row = await findRequest(db, id);
  if (!row) throw notFound();
  if (!answers.some((a) => a.accept_permission || a.permission))
    throw badRequest(JOB_PERMISSION_MESSAGES.checkOne);
  const asked = new Set(row.request.jobIds);
  const stray = answers.find((a) => !asked.has(a.job_id));
  if (stray) throw badRequest(JOB_PERMISSION_MESSAGES.notRequested(stray.job_id));
  const known = await existingJobIds(
    db,
    answers.map((a) => a.job_id),
  );
  await db.transaction(async (tx) => {
    for (const a of answers) {
      if (!(a.accept_permission || a.permission) || !known.has(a.job_id)) continue;
      const range = PERMISSION_RANGES.authorizeAll;
      await upsertPermission(
        tx,
        a.permission
          ? { userId: row.user.id, jobId: a.job_id, fullRange: true }
          : {
              userId: row.user.id,
              jobId: a.job_id,
              fullRange: false,
              start: range.start,
              end: range.end,
              page1: true,
            },
      );
    }
    await answerRequest(tx, id, admin.id, answers);
    await recordEvent(tx, {
      actorId: admin.id,
      subjectType: 'job_permission_request',
      subjectId: id,
      action: 'answer',
      data: { answers },
    });
  });
  return getPermissionRequest(deps, admin, id);
}
