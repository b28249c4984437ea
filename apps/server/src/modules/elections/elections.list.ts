import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ElectionListQuery } from '@scrutineer/contracts';
import { electionMembers, elections } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { ElectionWithMembership } from './elections.repository.js';

const SORT_COLUMNS: Record<ElectionListQuery['sort'], SQL[]> = {
  access: [sql`${electionMembers.lastAccessedAt}`],
  name: [sql`lower(${elections.name})`],
  e_type: [sql`${elections.eType}`],
  privacy: [sql`${elections.privacy}`],
  location: [sql`${elections.country}`, sql`${elections.state}`, sql`${elections.county}`],
  date: [sql`${elections.date}`],
  role: [sql`${electionMembers.role}`],
  created_at: [sql`${elections.createdAt}`],
};

function filters(query: ElectionListQuery): SQL | undefined {
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  return and(
    query.district ? eq(elections.districtId, query.district) : undefined,
    query.project ? sql`${elections.projectIds} @> array[${query.project}]::integer[]` : undefined,
    pattern
      ? or(
          ilike(elections.name, pattern),
          ilike(elections.address, pattern),
          ilike(elections.county, pattern),
        )
      : undefined,
  );
}

/**
 * One page of the elections a user belongs to, walked through their memberships (an index on
 * user and access date serves the default order); an Admin sees every election.
 */
export async function listElections(
  db: Executor,
  viewer: { userId: number; isAdmin: boolean },
  query: ElectionListQuery,
): Promise<{ rows: ElectionWithMembership[]; total: number }> {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  // NULLS LAST on every key: never-opened elections come last, and the order matches the index.
  const orderBy = [...SORT_COLUMNS[query.sort], sql`${elections.id}`].map(
    (column) => sql`${column} ${direction} nulls last`,
  );
  const membership = and(
    eq(electionMembers.electionId, elections.id),
    eq(electionMembers.userId, viewer.userId),
  );
  const where = filters(query);
  const columns = {
    election: elections,
    memberRole: electionMembers.role,
    lastAccessedAt: electionMembers.lastAccessedAt,
  };
  const offset = (query.page - 1) * query.page_size;
  if (viewer.isAdmin) {
    const [rows, [count]] = await Promise.all([
      db
        .select(columns)
        .from(elections)
        .leftJoin(electionMembers, membership)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.page_size)
        .offset(offset),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(elections)
        .where(where),
    ]);
    return { rows, total: count?.count ?? 0 };
  }
  const mine = and(eq(electionMembers.userId, viewer.userId), where);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(electionMembers)
      .innerJoin(elections, eq(elections.id, electionMembers.electionId))
      .where(mine)
      .orderBy(...orderBy)
      .limit(query.page_size)
      .offset(offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(electionMembers)
      .innerJoin(elections, eq(elections.id, electionMembers.electionId))
      .where(mine),
  ]);
  return { rows, total: count?.count ?? 0 };
}
