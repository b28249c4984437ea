import { and, eq, like } from 'drizzle-orm';
import {
  OPERATION_MESSAGES as M,
  type Adjudication,
  type AdjudicationDecision,
  type AdjudicationTarget,
} from '@scrutineer/contracts';
import { adjudicationReviews, adjudications, leaderboardCredits } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { canAdjudicateJob, isJobAuditor, loadJob, type LoadedJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import {
  countByFilter,
  countWhere,
  findItem,
  findNext,
  listQueue,
  namesOf,
  queueWhere,
  reviewersPerItem,
  reviewsOf,
  saveReviewersPerItem,
  todoFor,
  type AdjudicationRow,
  type QueueFilters,
  type ReviewRow,
} from './adjudications.repository.js';
import { contestNames, type ContestNames } from './contest-names.js';
import { signFileLink } from './operation-files.js';
import { markOutOfDateFrom } from './operations.repository.js';
import type { OperationsContext } from './operations.service.js';
import { pipelinePrefix } from './pipeline-store.js';
import { canonicalVotes } from './tally-base.js';

export { canonicalVotes };

const prefixOf = (loaded: LoadedJob) =>
  pipelinePrefix(loaded.row.job.address || `jobs/${loaded.row.job.id}`);

/** The reading a decision gives the contest: what counts in the adjudicated totals. */
export function readingOf(
  item: Pick<AdjudicationRow, 'imageVotes' | 'cvrVotes'>,
  decision: AdjudicationDecision,
  votes: string,
): string {
  if (decision === 'image') return canonicalVotes(item.imageVotes);
  if (decision === 'cvr') return canonicalVotes(item.cvrVotes);
  if (decision === 'other') return canonicalVotes(votes);
  return '';
}

/** Two reviews agree when they give the same reading, and both or neither find it unreadable. */
const sameCall = (
  a: { decision: string; votes: string },
  b: { decision: string; votes: string },
): boolean =>
  (a.decision === 'unreadable') === (b.decision === 'unreadable') && a.votes === b.votes;

interface Viewer {
  user: UserRow;
  canDecide: boolean;
}

function link(secret: string, prefix: string, key: string) {
  if (!key) return '';
  const [folder = '', ...rest] = key.split('/');
  return signFileLink(secret, `${prefix}/${folder}`, rest.join('/'));
}

function present(
  ctx: OperationsContext,
  prefix: string,
  row: AdjudicationRow,
  reviews: ReviewRow[],
  names: Map<number, string>,
  contests: Map<string, ContestNames>,
  viewer: Viewer,
): Adjudication {
  const contest = contests.get(row.contestId);
  const secret = ctx.deps.linkSecret;
  const mine = reviews.some((r) => r.userId === viewer.user.id);
  // Blind second review: others' reviews of an open item stay hidden until one's own is in.
  const shown = row.state === 'open' && !mine ? [] : reviews;
  return {
    id: row.id,
    job_id: row.jobId,
    kind: row.kind,
    sheet_id: row.sheetId,
    contest_id: row.contestId,
    contest: contest?.name ?? row.contestId,
    options: [...(contest?.options ?? [])].map(([id, name]) => ({ option_id: id, option: name })),
    image_votes: row.imageVotes,
    image_gray: row.imageGray,
    cvr_votes: row.cvrVotes,
    archive: row.archive,
    entry: row.entry,
    detail: row.detail,
    batch: row.batch,
    style: row.style,
    image_is_original: row.imageIsOriginal,
    original_is_adjudicated: row.originalIsAdjudicated,
    crop_url: link(secret, prefix, row.cropKey),
    page_url: link(secret, prefix, row.pageKey),
    targets: (row.targets as AdjudicationTarget[] | null) ?? [],
    state: row.state as Adjudication['state'],
    decision: (row.decision as Adjudication['decision']) ?? null,
    decided_votes: row.decidedVotes,
    note: row.note,
    decided_by: row.decidedBy,
    decided_by_name: row.decidedBy ? (names.get(row.decidedBy) ?? '') : '',
    decided_at: row.decidedAt?.toISOString() ?? null,
    reviews: shown.map((r) => ({
      reviewer: r.reviewer,
      mine: r.userId === viewer.user.id,
      decision: r.decision as AdjudicationDecision,
      votes: r.votes,
      note: r.note,
      settles: r.settles,
      decided_at: r.decidedAt.toISOString(),
    })),
    review_count: reviews.length,
    can_decide: viewer.canDecide && row.state !== 'decided' && !mine,
  };
}

async function presentAll(
  ctx: OperationsContext,
  loaded: LoadedJob,
  rows: AdjudicationRow[],
  viewer: Viewer,
): Promise<Adjudication[]> {
  const db = ctx.deps.database.db;
  const reviews = await reviewsOf(
    db,
    rows.map((r) => r.id),
  );
  const names = await namesOf(
    db,
    rows.flatMap((r) => (r.decidedBy ? [r.decidedBy] : [])),
  );
  const prefix = prefixOf(loaded);
  const contests = await contestNames(ctx.deps.blobs, prefix);
  return rows.map((row) =>
    present(
      ctx,
      prefix,
      row,
      reviews.filter((r) => r.adjudicationId === row.id),
      names,
      contests,
      viewer,
    ),
  );
}

async function open(ctx: OperationsContext, user: UserRow, jobId: number) {
  const loaded = await loadJob(ctx.deps.database.db, user, jobId);
  return { loaded, viewer: { user, canDecide: canAdjudicateJob(user, loaded) } };
}

/** The queue with its filters applied, a page of items, and counts for the filter menus. */
export async function listJobAdjudications(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  query: QueueFilters & { page: number; page_size: number },
) {
  const db = ctx.deps.database.db;
  const { loaded, viewer } = await open(ctx, user, jobId);
  const where = queueWhere(jobId, query, user.id);
  const rows = await listQueue(db, where, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const all = queueWhere(jobId, {}, user.id);
  return {
    items: await presentAll(ctx, loaded, rows, viewer),
    decided: await countWhere(db, queueWhere(jobId, { state: 'decided' }, user.id)),
    total: await countWhere(db, all),
    matched: await countWhere(db, where),
    todo: viewer.canDecide ? await countWhere(db, and(where, todoFor(user.id))) : 0,
    page: query.page,
    page_size: query.page_size,
    counts: await countByFilter(db, jobId),
    reviewers_per_item: await reviewersPerItem(db, jobId),
    can: { decide: viewer.canDecide, settings: isJobAuditor(loaded.role) },
    contests: [...(await contestNames(ctx.deps.blobs, prefixOf(loaded)))].map(([id, c]) => ({
      contest_id: id,
      contest: c.name,
    })),
  };
}

/** The next item after `after` the caller may decide, with the queue's filters. */
export async function nextAdjudication(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  query: Omit<QueueFilters, 'state'> & { after: number },
) {
  const db = ctx.deps.database.db;
  const { loaded, viewer } = await open(ctx, user, jobId);
  const where = queueWhere(jobId, { ...query, state: 'todo' }, user.id);
  const row = await findNext(db, where, query.after);
  if (!row) return { item: null, remaining: 0 };
  const [item] = await presentAll(ctx, loaded, [row], viewer);
  const remaining = await countWhere(db, and(where, queueWhere(jobId, {}, user.id)));
  return { item: item ?? null, remaining: Math.max(0, remaining - 1) };
}

export async function getAdjudication(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  itemId: number,
) {
  const { loaded, viewer } = await open(ctx, user, jobId);
  const row = await findItem(ctx.deps.database.db, jobId, itemId);
  if (!row) throw notFound(M.adjudicationNotFound);
  const [item] = await presentAll(ctx, loaded, [row], viewer);
  if (!item) throw notFound(M.adjudicationNotFound);
  return item;
}

/** Credits each reviewer of a decided item once, noting whether they agreed with the final call. */
async function creditReviewers(db: Executor, item: AdjudicationRow, reviews: ReviewRow[]) {
  const subject = `adjudication:${item.id}:`;
  await db
    .delete(leaderboardCredits)
    .where(
      and(
        eq(leaderboardCredits.kind, 'adjudicator'),
        eq(leaderboardCredits.jobId, item.jobId),
        like(leaderboardCredits.subject, `${subject}%`),
      ),
    );
  const final = { decision: item.decision ?? '', votes: item.decidedVotes };
  const rows = reviews
    .filter((r) => r.userId !== null)
    .map((r) => ({
      userId: r.userId as number,
      jobId: item.jobId,
      kind: 'adjudicator',
      subject: `${subject}${r.userId}`,
      agreed: sameCall(r, final),
    }));
  if (rows.length) await db.insert(leaderboardCredits).values(rows).onConflictDoNothing();
}

/**
 * Records one adjudicator's decision. With one adjudicator per item it is final. With two, the
 * second review either agrees (final) or splits the item, and a third person's review settles
 * it. A person reviews an item once; they may change their review while the item is open.
 */
export async function decideAdjudication(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  itemId: number,
  body: { decision: AdjudicationDecision; votes: string; note: string },
) {
  const db = ctx.deps.database.db;
  const { loaded, viewer } = await open(ctx, user, jobId);
  if (!viewer.canDecide) throw forbidden(M.adjudicatorsOnly);
  if (body.decision === 'other' && !body.votes) throw badRequest(M.adjudicationVotesRequired);
  const perItem = await reviewersPerItem(db, jobId);
  const outcome = await db.transaction(async (tx) => {
    const item = await findItem(tx, jobId, itemId, true);
    if (!item) throw notFound(M.adjudicationNotFound);
    const votes = readingOf(item, body.decision, body.votes);
    const before = await reviewsOf(tx, [item.id]);
    const mine = before.find((r) => r.userId === user.id);
    if (item.state === 'split' && mine) throw conflict(M.adjudicationSplitReviewer);
    if (item.state === 'decided' && perItem > 1) throw conflict(M.adjudicationDecided);
    const settles = item.state === 'split';
    const review = {
      adjudicationId: item.id,
      jobId,
      userId: user.id,
      decision: body.decision,
      votes,
      note: body.note,
      settles,
      decidedAt: new Date(),
    };
    await tx
      .insert(adjudicationReviews)
      .values(review)
      .onConflictDoUpdate({
        target: [adjudicationReviews.adjudicationId, adjudicationReviews.userId],
        set: { decision: review.decision, votes, note: body.note, decidedAt: review.decidedAt },
      });
    const reviews = await reviewsOf(tx, [item.id]);
    const others = reviews.filter((r) => r.userId !== user.id && !r.settles);
    let state: 'open' | 'split' | 'decided' = 'decided';
    if (!settles && perItem > 1 && item.state !== 'decided') {
      const other = others[0];
      state = !other ? 'open' : sameCall(other, review) ? 'decided' : 'split';
    }
    const final =
      state === 'decided'
        ? {
            decision: body.decision,
            decidedVotes: votes,
            note: body.note,
            decidedBy: user.id,
            decidedAt: review.decidedAt,
          }
        : { decision: null, decidedVotes: '', note: '', decidedBy: null, decidedAt: null };
    const [saved] = await tx
      .update(adjudications)
      .set({ state, ...final })
      .where(eq(adjudications.id, item.id))
      .returning();
    if (!saved) throw notFound(M.adjudicationNotFound);
    if (state === 'decided') await creditReviewers(tx, saved, reviews);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'adjudication',
      subjectId: itemId,
      action: settles ? 'settle' : 'decide',
      data: { jobId, decision: body.decision, votes, state },
    });
    return { saved, reviews, state };
  });
  const stale = outcome.state === 'decided' ? await markOutOfDateFrom(db, jobId, 'genreport') : [];
  const [item] = await presentAll(ctx, loaded, [outcome.saved], viewer);
  if (!item) throw notFound(M.adjudicationNotFound);
  return { message: M.adjudicationSaved(outcome.state, stale), item };
}

/** Sets how many adjudicators review each item (the job's Auditor). */
export async function saveAdjudicationSettings(
  ctx: OperationsContext,
  user: UserRow,
  jobId: number,
  reviewers: number,
) {
  const db = ctx.deps.database.db;
  const loaded = await loadJob(db, user, jobId);
  if (!isJobAuditor(loaded.role)) throw forbidden(M.adjudicationSettingsAuditorOnly);
  await db.transaction(async (tx) => {
    await saveReviewersPerItem(tx, jobId, reviewers);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'audit_job',
      subjectId: jobId,
      action: 'adjudication-settings',
      data: { reviewers_per_item: reviewers },
    });
  });
  return {
    message:
      reviewers === 2
        ? 'Each item now needs two adjudicators; when they differ a third decides.'
        : 'Each item now needs one adjudicator.',
    reviewers_per_item: reviewers,
  };
}
