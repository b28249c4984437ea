import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ElectionListQuery } from '@scrutineer/contracts';
import { electionMembers, elections } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import type { ElectionWithMembership } from './elections.repository.js';

interface MemberColumns {
  role: SQL;
  access: SQL;
}

const sortColumns = (member: MemberColumns): Record<ElectionListQuery['sort'], SQL[]> => ({
  access: [member.access],
  name: [sql`lower(${elections.name})`],
  e_type: [sql`${elections.eType}`],
  privacy: [sql`${elections.privacy}`],
  location: [sql`${elections.country}`, sql`${elections.state}`, sql`${elections.county}`],
  date: [sql`${elections.date}`],
  role: [member.role],
  created_at: [sql`${elections.createdAt}`],
});

/** NULLS LAST on every key: never-opened elections come last, and the order matches the index. */
function orderFor(query: ElectionListQuery, member: MemberColumns): SQL[] {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  return [...sortColumns(member)[query.sort], sql`${elections.id}`].map(
    (column) => sql`${column} ${direction} nulls last`,
  );
}

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
  if (!viewer.isAdmin && query.search) return searchMemberships(db, viewer.userId, query);
  const orderBy = orderFor(query, {
    role: sql`${electionMembers.role}`,
    access: sql`${electionMembers.lastAccessedAt}`,
  });
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
    countMemberships(db, viewer.userId, where),
  ]);
  return { rows, total: count?.count ?? 0 };
}

/** Without election filters the count needs no join: every membership has its election. */
async function countMemberships(db: Executor, userId: number, where: SQL | undefined) {
  const query = db.select({ count: sql<number>`count(*)::int` }).from(electionMembers);
  return where
    ? query
        .innerJoin(elections, eq(elections.id, electionMembers.electionId))
        .where(and(eq(electionMembers.userId, userId), where))
    : query.where(eq(electionMembers.userId, userId));
}

/**
 * A member's search reads their memberships first (OFFSET 0 keeps the planner from turning
 * the join around into a scan of every election for the pattern), then matches those.
 */
async function searchMemberships(db: Executor, userId: number, query: ElectionListQuery) {
  const mine = db
    .select({
      electionId: electionMembers.electionId,
      role: electionMembers.role,
      lastAccessedAt: electionMembers.lastAccessedAt,
    })
    .from(electionMembers)
    .where(eq(electionMembers.userId, userId))
    .offset(0)
    .as('m');
  const where = filters(query);
  const orderBy = orderFor(query, { role: sql`${mine.role}`, access: sql`${mine.lastAccessedAt}` });
  const [rows, [count]] = await Promise.all([
    db
      .select({ election: elections, memberRole: mine.role, lastAccessedAt: mine.lastAccessedAt })
      .from(mine)
      .innerJoin(elections, eq(elections.id, mine.electionId))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(mine)
      .innerJoin(elections, eq(elections.id, mine.electionId))
      .where(where),
  ]);
  return { rows, total: count?.count ?? 0 };
}
