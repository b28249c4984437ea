import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  adjudicationReviews,
  adjudications,
  adjudicationSettings,
  users,
} from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export type AdjudicationRow = typeof adjudications.$inferSelect;
export type ReviewRow = typeof adjudicationReviews.$inferSelect & { reviewer: string };

export interface QueueFilters {
  kind?: string | undefined;
  contest_id?: string | undefined;
  batch?: string | undefined;
  style?: string | undefined;
  state?: 'open' | 'split' | 'decided' | 'todo' | undefined;
  image_is_original?: boolean | undefined;
  original_is_adjudicated?: boolean | undefined;
}

/** Items a person may decide now: open or split, and not yet reviewed by them. */
export const todoFor = (userId: number): SQL =>
  sql`${adjudications.state} IN ('open', 'split') AND NOT EXISTS (SELECT 1 FROM ${adjudicationReviews} r WHERE r.adjudication_id = ${adjudications.id} AND r.user_id = ${userId})`;

/** The WHERE of the queue: the job, then each filter given. */
export function queueWhere(jobId: number, f: QueueFilters, userId: number): SQL | undefined {
  return and(
    eq(adjudications.jobId, jobId),
    f.kind ? eq(adjudications.kind, f.kind) : undefined,
    f.contest_id ? eq(adjudications.contestId, f.contest_id) : undefined,
    f.batch ? eq(adjudications.batch, f.batch) : undefined,
    f.style ? eq(adjudications.style, f.style) : undefined,
    f.state === 'todo' ? todoFor(userId) : f.state ? eq(adjudications.state, f.state) : undefined,
    f.image_is_original === undefined
      ? undefined
      : eq(adjudications.imageIsOriginal, f.image_is_original),
    f.original_is_adjudicated === undefined
      ? undefined
      : eq(adjudications.originalIsAdjudicated, f.original_is_adjudicated),
  );
}

export const listQueue = (
  db: Executor,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) =>
  db
    .select()
    .from(adjudications)
    .where(where)
    .orderBy(asc(adjudications.id))
    .limit(page.limit)
    .offset(page.offset);

export async function countWhere(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adjudications)
    .where(where);
  return row?.n ?? 0;
}

const GROUPS = {
  kind: adjudications.kind,
  contest_id: adjudications.contestId,
  batch: adjudications.batch,
  style: adjudications.style,
  state: adjudications.state,
} as const;

/** How many of the job's items have each value of each filter, for the filter menus. */
export async function countByFilter(db: Executor, jobId: number) {
  const out = {} as Record<keyof typeof GROUPS, { value: string; count: number }[]>;
  for (const name of Object.keys(GROUPS) as (keyof typeof GROUPS)[]) {
    const column = GROUPS[name];
    const rows = await db
      .select({ value: column, count: sql<number>`count(*)::int` })
      .from(adjudications)
      .where(eq(adjudications.jobId, jobId))
      .groupBy(column)
      .orderBy(column);
    out[name] = rows.filter((r) => r.value !== '').map((r) => ({ value: r.value, count: r.count }));
  }
  return out;
}

/** The first item after `after` matching `where` (an index walk on job, state, id). */
export async function findNext(db: Executor, where: SQL | undefined, after: number) {
  const [row] = await db
    .select()
    .from(adjudications)
    .where(and(where, gt(adjudications.id, after)))
    .orderBy(asc(adjudications.id))
    .limit(1);
  return row ?? null;
}

export async function findItem(db: Executor, jobId: number, itemId: number, lock = false) {
  const query = db
    .select()
    .from(adjudications)
    .where(and(eq(adjudications.id, itemId), eq(adjudications.jobId, jobId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Reviews of the given items with the reviewer's name (never an e-mail), oldest first. */
export async function reviewsOf(db: Executor, itemIds: number[]): Promise<ReviewRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select({
      review: adjudicationReviews,
      first: users.firstName,
      last: users.lastName,
    })
    .from(adjudicationReviews)
    .leftJoin(users, eq(users.id, adjudicationReviews.userId))
    .where(inArray(adjudicationReviews.adjudicationId, itemIds))
    .orderBy(asc(adjudicationReviews.decidedAt), asc(adjudicationReviews.id));
  return rows.map((r) => ({
    ...r.review,
    reviewer: r.first === null ? 'a former user' : `${r.first} ${r.last ?? ''}`.trim(),
  }));
}

export async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

export async function reviewersPerItem(db: Executor, jobId: number): Promise<number> {
  const [row] = await db
    .select({ n: adjudicationSettings.reviewersPerItem })
    .from(adjudicationSettings)
    .where(eq(adjudicationSettings.jobId, jobId));
  return row?.n ?? 1;
}

export async function saveReviewersPerItem(db: Executor, jobId: number, n: number) {
  await db
    .insert(adjudicationSettings)
    .values({ jobId, reviewersPerItem: n })
    .onConflictDoUpdate({
      target: adjudicationSettings.jobId,
      set: { reviewersPerItem: n, updatedAt: new Date() },
    });
}
