import { and, eq, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { ElectionListQuery } from '@scrutineer/contracts';
import { electionMembers, elections, tableCounts } from '../../db/schema.js';
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
  const pattern = query.search
    ? `%${query.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`
    : undefined;
  return and(
    query.district ? eq(elections.districtId, query.district) : undefined,
    query.project ? sql`${elections.projectIds} @> array[${query.project}]::integer[]` : undefined,
    pattern ? like(elections.search, pattern) : undefined,
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
  if (viewer.isAdmin && query.sort === 'access') {
    return listAllByAccess(db, viewer.userId, query, where);
  }
  if (viewer.isAdmin) {
    const found = await db
      .select({
        ...columns,
        // The count rides along, so a page is one query: with filters the matches are found
        // once for rows and count, without them the kept count is read once.
        total: where ? sql<number>`(count(*) over ())::int` : keptElectionCount,
      })
      .from(elections)
      .leftJoin(electionMembers, membership)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.page_size)
      .offset(offset);
    const rows = found.map(({ total: _total, ...row }) => row);
    // A page past the end has no row to carry the count.
    return { rows, total: found[0]?.total ?? (await countElections(db, where)) };
  }
  const mine = and(eq(electionMembers.userId, viewer.userId), where);
  // The count rides along as a subquery run once, so a page is one query, not two.
  const found = await db
    .select({ ...columns, total: membershipCount(viewer.userId, where) })
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(mine)
    .orderBy(...orderBy)
    .limit(query.page_size)
    .offset(offset);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  // A page past the end has no row to carry the count.
  const [count] = offset > 0 ? await countMemberships(db, viewer.userId, where) : [];
  return { rows, total: count?.count ?? 0 };
}

/**
 * Every election's count as `table_counts` keeps it (see `countElections`), as an expression a
 * page's query reads once.
 */
const keptElectionCount = sql<number>`coalesce(
  (select ${tableCounts.count} from ${tableCounts} where ${tableCounts.tableName} = 'elections'),
  (select count(*) from ${elections}))::int`;

/** `countMemberships` as an expression a page's query reads once. */
const membershipCount = (userId: number, where: SQL | undefined) =>
  where
    ? sql<number>`(select count(*) from ${electionMembers}
        inner join ${elections} on ${elections.id} = ${electionMembers.electionId}
        where ${electionMembers.userId} = ${userId} and ${where})::int`
    : sql<number>`(select count(*) from ${electionMembers}
        where ${electionMembers.userId} = ${userId})::int`;

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
 * A member's search: the trigram index finds the matching elections and the membership index
 * keeps the member's, or the member's rows are walked and matched, as the planner estimates.
 * The total rides along as a window count, so the matching rows are found once per page.
 */
async function searchMemberships(db: Executor, userId: number, query: ElectionListQuery) {
  const where = and(eq(electionMembers.userId, userId), filters(query));
  const orderBy = orderFor(query, {
    role: sql`${electionMembers.role}`,
    access: sql`${electionMembers.lastAccessedAt}`,
  });
  const offset = (query.page - 1) * query.page_size;
  const found = await db
    .select({
      election: elections,
      memberRole: electionMembers.role,
      lastAccessedAt: electionMembers.lastAccessedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.page_size)
    .offset(offset);
  const rows = found.map(({ election, memberRole, lastAccessedAt }) => ({
    election,
    memberRole,
    lastAccessedAt,
  }));
  if (found[0]) return { rows, total: found[0].total };
  // A page past the end has no row to carry the total.
  const [count] = offset > 0 ? await countMemberships(db, userId, filters(query)) : [];
  return { rows, total: count?.count ?? 0 };
}

/**
 * The Admin's default order: the elections the Admin opened, by Access Date, then every other
 * election by id in the same direction (NULLS LAST). Read as two walks of indexes (the Admin's
 * memberships, then the primary key) instead of sorting every election for each page.
 */
async function listAllByAccess(
  db: Executor,
  adminId: number,
  query: ElectionListQuery,
  where: SQL | undefined,
): Promise<{ rows: ElectionWithMembership[]; total: number }> {
  if (!where) return allByAccess(db, adminId, query);
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const opened = and(
    eq(electionMembers.userId, adminId),
    isNotNull(electionMembers.lastAccessedAt),
    where,
  );
  const columns = {
    election: elections,
    memberRole: electionMembers.role,
    lastAccessedAt: electionMembers.lastAccessedAt,
  };
  // Both counts in one query: the Admin's opened elections, and every election when unfiltered.
  const [counts] = await db
    .select({
      // Nested, so drizzle keeps the table names a query without joins would drop.
      opened: sql<number>`${sql`(select count(*) from ${electionMembers}
        inner join ${elections} on ${elections.id} = ${electionMembers.electionId}
        where ${opened})::int`}`,
      whole: where ? sql<null>`null` : sql<number | null>`${keptElectionCount}`,
    })
    .from(sql`(select 1) as one`);
  const openedTotal = counts?.opened ?? 0;
  const wholeTable = counts?.whole ?? null;
  const offset = (query.page - 1) * query.page_size;
  const rows: ElectionWithMembership[] = [];
  if (offset < openedTotal) {
    const order = sql.raw(`${direction} nulls last`);
    rows.push(
      ...(await db
        .select(columns)
        .from(electionMembers)
        .innerJoin(elections, eq(elections.id, electionMembers.electionId))
        .where(opened)
        .orderBy(sql`${electionMembers.lastAccessedAt} ${order}`, sql`${elections.id} ${order}`)
        .limit(query.page_size)
        .offset(offset)),
    );
  }
  const remaining = query.page_size - rows.length;
  // With filters the other elections' count rides along as a window count, so a search's
  // matches are found once per page rather than once for the rows and again for the total.
  let othersTotal: number | null = null;
  if (remaining > 0 || where) {
    const others = await db
      .select({
        ...columns,
        total: where ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
      })
      .from(elections)
      .leftJoin(
        electionMembers,
        and(eq(electionMembers.electionId, elections.id), eq(electionMembers.userId, adminId)),
      )
      .where(and(isNull(electionMembers.lastAccessedAt), where))
      .orderBy(sql`${idOrder(query)} ${sql.raw(direction)}`)
      .limit(Math.max(remaining, 1))
      .offset(Math.max(0, offset - openedTotal));
    for (const { total: _total, ...row } of others.slice(0, remaining)) rows.push(row);
    othersTotal = others[0]?.total ?? null;
  }
  if (wholeTable !== null) return { rows, total: wholeTable };
  // A page past the end of the others has no row to carry their count.
  const total = othersTotal === null ? await countElections(db, where) : openedTotal + othersTotal;
  return { rows, total };
}

/**
 * `listAllByAccess` without filters, as one statement: the Admin's opened elections (walked
 * through their memberships) then every other election (walked along the primary key), each
 * only as far as the page reaches, with the count riding along. Under a crowd every statement
 * of a page is one more wait in the queue for a pooled connection, and those waits made the
 * Admin's slowest pages (see bench/RESULTS.md, "Election list on PostgreSQL under a crowd").
 */
async function allByAccess(
  db: Executor,
  adminId: number,
  query: ElectionListQuery,
): Promise<{ rows: ElectionWithMembership[]; total: number }> {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const order = () => sql.raw(`${direction} nulls last`);
  const offset = (query.page - 1) * query.page_size;
  const reach = offset + query.page_size;
  const fields = (part: number) => ({
    election: elections,
    memberRole: electionMembers.role,
    lastAccessedAt: electionMembers.lastAccessedAt,
    part: sql<number>`${sql.raw(String(part))}`.as('part'),
    total: sql<number>`${keptElectionCount}`.as('total'),
  });
  const opened = db
    .select(fields(0))
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(and(eq(electionMembers.userId, adminId), isNotNull(electionMembers.lastAccessedAt)))
    .orderBy(sql`${electionMembers.lastAccessedAt} ${order()}`, sql`${elections.id} ${order()}`)
    .limit(reach);
  const others = db
    .select(fields(1))
    .from(elections)
    .leftJoin(
      electionMembers,
      and(eq(electionMembers.electionId, elections.id), eq(electionMembers.userId, adminId)),
    )
    .where(isNull(electionMembers.lastAccessedAt))
    .orderBy(sql`${elections.id} ${sql.raw(direction)}`)
    .limit(reach);
  // The others first: their left join types a member's role as nullable, as the rows are.
  const found = await others
    .unionAll(opened)
    .orderBy(
      sql`${sql.identifier('part')}`,
      sql`${sql.identifier('last_accessed_at')} ${order()}`,
      sql`${sql.identifier('id')} ${order()}`,
    )
    .limit(query.page_size)
    .offset(offset);
  const rows = found.map(({ part: _part, total: _total, ...row }) => row);
  // A page past the end has no row to carry the count.
  return { rows, total: found[0]?.total ?? (await countElections(db, undefined)) };
}

/**
 * How many elections match the filters. Every election's count is kept by triggers in
 * `table_counts` (one row read instead of a scan of the whole table on each page).
 */
async function countElections(db: Executor, where: SQL | undefined): Promise<number> {
  if (!where) {
    const [kept] = await db
      .select({ count: tableCounts.count })
      .from(tableCounts)
      .where(eq(tableCounts.tableName, 'elections'));
    if (kept) return kept.count;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(elections)
    .where(where);
  return row?.count ?? 0;
}

/**
 * The order by id for the Admin's other elections. With a search or project filter it is read
 * as `id + 0`, which no index serves: the planner then takes the matches from their own index
 * and sorts them, instead of walking the primary key past every election that does not match
 * (tens of thousands when the matches are all old ones).
 */
function idOrder(query: ElectionListQuery): SQL {
  return query.search || query.project ? sql`(${elections.id} + 0)` : sql`${elections.id}`;
}
