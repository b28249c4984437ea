import { and, eq } from 'drizzle-orm';
import {
  OPERATION_MESSAGES as M,
  type Adjudication,
  type AdjudicationDecisionBody,
} from '@scrutineer/contracts';
import { adjudications } from '../../db/schema.js';
import { recordEvent } from '../../platform/db/events.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { canRunJob, loadJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import { listAdjudications, type AdjudicationRow } from './adjudicate.stage.js';
import { openJobStore } from './job-inputs.js';
import { signFileLink } from './operation-files.js';
import type { OperationsContext } from './operations.service.js';

function present(row: AdjudicationRow, secret: string, prefix: string): Adjudication {
  return {
    id: row.id,
    job_id: row.jobId,
    kind: row.kind,
    sheet_id: row.sheetId,
    contest_id: row.contestId,
    image_votes: row.imageVotes,
    image_gray: row.imageGray,
    cvr_votes: row.cvrVotes,
    archive: row.archive,
    entry: row.entry,
    detail: row.detail,
    crop_url: row.cropKey
      ? signFileLink(secret, `${prefix}/adjudicate`, row.cropKey.slice('adjudicate/'.length))
      : '',
    decision: (row.decision as Adjudication['decision']) ?? null,
    decided_votes: row.decidedVotes,
    note: row.note,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function listJobAdjudications(ctx: OperationsContext, user: UserRow, jobId: number) {
  const db = ctx.deps.database.db;
  await loadJob(db, user, jobId);
  const { store } = await openJobStore(ctx.deps, jobId);
  const rows = await listAdjudications(db, jobId);
  return {
    items: rows.map((r) => present(r, ctx.deps.linkSecret, store.prefix)),
    decided: rows.filter((r) => r.decision).length,
    total: rows.length,
  };
}

/** Records a decision on one packaged disagreement (Auditor). */
export async function decideAdjudication(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  itemId: number,
  body: AdjudicationDecisionBody,
) {
  const db = ctx.deps.database.db;
  const loaded = await loadJob(db, user, jobId);
  if (!canRunJob(user, loaded)) throw forbidden(M.auditorOnlyRun);
  if (body.decision === 'other' && !body.votes) throw badRequest('votes: Required.');
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(adjudications)
      .set({
        decision: body.decision,
        decidedVotes: body.decision === 'other' ? body.votes : '',
        note: body.note,
        decidedBy: user.id,
        decidedAt: new Date(),
      })
      .where(and(eq(adjudications.id, itemId), eq(adjudications.jobId, jobId)))
      .returning();
    if (!saved) throw notFound(M.adjudicationNotFound);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'adjudication',
      subjectId: itemId,
      action: 'decide',
      data: { jobId, decision: body.decision, votes: body.votes },
    });
    return saved;
  });
  const { store } = await openJobStore(ctx.deps, jobId);
  return { message: 'Decision recorded', item: present(row, ctx.deps.linkSecret, store.prefix) };
}
