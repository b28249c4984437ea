import { sql, type SQL } from 'drizzle-orm';
import type { LeaderboardRow } from '@scrutineer/contracts';
import { leaderboardCredits } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';

export const CREDIT_KINDS = ['mapper', 'adjudicator'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

const SORT_COLUMNS: Record<string, SQL> = {
  mapper_total: sql`mapper_total`,
  adjudicator_total: sql`adjudicator_total`,
  adjudicator_agreement: sql`adjudicator_agreement`,
  first_name: sql`lower(u.first_name)`,
  last_name: sql`lower(u.last_name)`,
  email: sql`lower(u.email)`,
};

/**
 * Records one accepted target mapping or adjudication for the person who did it. The same
 * subject of a job is credited once, so a re-run of a stage does not count twice.
 */
export async function recordCredit(
  db: Executor,
  credit: { userId: number; jobId: number | null; kind: CreditKind; subject: string },
): Promise<void> {
  await db.insert(leaderboardCredits).values(credit).onConflictDoNothing();
}

/**
 * An address as others see it on the board: its first letter, its domain's first letter and
 * its top-level domain (`j•••@e•••.org`), enough to tell two Jane Does apart, not to write to.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email[0]}•••@${domain[0] ?? ''}•••${tld}`;
}

/**
 * Active people with their accepted work counted; those with none count zero. Only an Admin
 * sees, searches and sorts by everyone's e-mail; others see their own and a masked one for the
 * rest, and find people by name.
 */
export async function listLeaderboard(
  db: Executor,
  options: {
    search?: string | undefined;
    sort: string;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
    viewer: { id: number; isAdmin: boolean };
  },
): Promise<{ items: LeaderboardRow[]; total: number }> {
  const { viewer } = options;
  const pattern = options.search ? `%${options.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const byEmail = viewer.isAdmin
    ? sql`OR u.email ILIKE ${pattern}`
    : sql`OR u.id = ${viewer.id} AND u.email ILIKE ${pattern}`;
  const where = sql`u.active AND NOT u.is_system ${
    pattern
      ? sql`AND (u.first_name ILIKE ${pattern} OR u.last_name ILIKE ${pattern} ${byEmail} OR (u.first_name || ' ' || u.last_name) ILIKE ${pattern})`
      : sql``
  }`;
  const direction = options.order === 'asc' ? sql`ASC` : sql`DESC`;
  const sort = options.sort === 'email' && !viewer.isAdmin ? 'last_name' : options.sort;
  const sortColumn = SORT_COLUMNS[sort] ?? sql`mapper_total`;
  const items = await db.execute(sql`
    SELECT u.id, u.first_name, u.last_name, u.email,
      count(c.id) FILTER (WHERE c.kind = 'mapper')::int AS mapper_total,
      count(c.id) FILTER (WHERE c.kind = 'adjudicator')::int AS adjudicator_total,
      count(c.id) FILTER (WHERE c.kind = 'adjudicator' AND c.agreed)::int AS adjudicator_agreed,
      round(100.0 * count(c.id) FILTER (WHERE c.kind = 'adjudicator' AND c.agreed)
        / nullif(count(c.id) FILTER (WHERE c.kind = 'adjudicator' AND c.agreed IS NOT NULL), 0), 1)
        AS adjudicator_agreement
    FROM users u LEFT JOIN leaderboard_credits c ON c.user_id = u.id
    WHERE ${where}
    GROUP BY u.id
    ORDER BY ${sortColumn} ${direction} NULLS LAST, u.id ASC
    LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`);
  const total = await db.execute(sql`SELECT count(*)::int AS count FROM users u WHERE ${where}`);
  const rows = (items as { rows: Record<string, unknown>[] }).rows;
  const [count] = (total as { rows: { count: unknown }[] }).rows;
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      first_name: String(row.first_name),
      last_name: String(row.last_name),
      email:
        viewer.isAdmin || Number(row.id) === viewer.id
          ? String(row.email)
          : maskEmail(String(row.email)),
      mapper_total: Number(row.mapper_total),
      adjudicator_total: Number(row.adjudicator_total),
      adjudicator_agreed: Number(row.adjudicator_agreed),
      adjudicator_agreement:
        row.adjudicator_agreement === null ? null : Number(row.adjudicator_agreement),
    })),
    total: Number(count?.count ?? 0),
  };
}
