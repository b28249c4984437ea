import { and, eq, isNotNull, isNull, like, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ElectionListQuery } from '@scrutineer/contracts';
import { electionMembers, elections, memberCounts, tableCounts } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { builtOnce } from '../../platform/db/built-once.js';
import { planOnce } from '../../platform/db/plan-once.js';
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

/** A page, and what its statement read of the caller's account (see `PendingSession`). */
export interface ListedElections {
  rows: ElectionWithMembership[];
  total: number;
  /** What the page's statement read of `account`; undefined when no row came back to carry it. */
  account: unknown;
}

/** The caller's account as a page's statement reads it (see `PendingSession`). */
export interface CallerRead {
  account: SQL;
  /** `account` with placeholders, for statements built once; run with `accountValues`. */
  accountTemplate: SQL;
  accountValues: { accountId: number; sessionId: string };
}

/** The value a statement's first row carried, or undefined when it returned none. */
const carried = (found: { account: unknown }[]) => (found[0] ? found[0].account : undefined);

/**
 * One page of the elections a user belongs to, walked through their memberships (an index on
 * user and access date serves the default order); an Admin sees every election. `account`, an
 * expression of the caller's account, rides along the page's statement, so the caller is
 * checked in the same round trip.
 */
export async function listElections(
  db: Executor,
  viewer: { userId: number; isAdmin: boolean },
  query: ElectionListQuery,
  caller?: CallerRead,
): Promise<ListedElections> {
  const account = caller?.account ?? sql`null`;
  if (!viewer.isAdmin && query.search) return searchMemberships(db, viewer.userId, query, account);
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
    if (!where && caller && offset === 0) return adminFirstPage(db, viewer.userId, query, caller);
    return listAllByAccess(db, viewer.userId, query, where, account);
  }
  if (!viewer.isAdmin && !where && caller) return memberPage(db, viewer.userId, query, caller);
  // Unfiltered pages, the crowd's first pages, are planned once per connection (`planOnce`).
  if (viewer.isAdmin) {
    const found = await db
      .select({
        ...columns,
        // The count rides along, so a page is one query: with filters the matches are found
        // once for rows and count, without them the kept count is read once.
        total: where
          ? sql<number>`(count(*) over ())::int`
          : sql<number>`${planOnce}${keptElectionCount}`,
        account,
      })
      .from(elections)
      .leftJoin(electionMembers, membership)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.page_size)
      .offset(offset);
    const rows = found.map(({ total: _total, account: _account, ...row }) => row);
    // A page past the end has no row to carry the count.
    const total = found[0]?.total ?? (await countElections(db, where));
    return { rows, total, account: carried(found) };
  }
  const mine = and(eq(electionMembers.userId, viewer.userId), where);
  // The count rides along as a subquery run once, so a page is one query, not two.
  const found = await db
    .select({
      ...columns,
      total: where
        ? membershipCount(viewer.userId, where)
        : sql<number>`${planOnce}${keptMembershipCount(viewer.userId)}`,
      account,
    })
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(mine)
    .orderBy(...orderBy)
    .limit(query.page_size)
    .offset(offset);
  const rows = found.map(({ total: _total, account: _account, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total, account: found[0].account };
  // A page past the end has no row to carry the count.
  const [count] = offset > 0 ? await countMemberships(db, viewer.userId, where) : [];
  return { rows, total: count?.count ?? 0, account: undefined };
}

/**
 * Every election's count as `table_counts` keeps it (see `countElections`), as an expression a
 * page's query reads once.
 */
const keptElectionCount = sql<number>`coalesce(
  (select ${tableCounts.count} from ${tableCounts} where ${tableCounts.tableName} = 'elections'),
  (select count(*) from ${elections}))::int`;

/**
 * A member's elections as `member_counts` keeps them (no row: none), kept by triggers so that a
 * member's page reads one row instead of counting every membership (5,000 for a busy member).
 */
const keptMembershipCount = (userId: number | SQLWrapper) =>
  sql<number>`coalesce((select ${memberCounts.count} from ${memberCounts}
    where ${memberCounts.userId} = ${userId}), 0)::int`;

/** `countMemberships` as an expression a page's query reads once. */
const membershipCount = (userId: number, where: SQL | undefined) =>
  where
    ? sql<number>`(select count(*) from ${electionMembers}
        inner join ${elections} on ${elections.id} = ${electionMembers.electionId}
        where ${electionMembers.userId} = ${userId} and ${where})::int`
    : keptMembershipCount(userId);

/** A member's unfiltered page (their first pages, in any order) as a statement built once. */
async function memberPage(
  db: Executor,
  userId: number,
  query: ElectionListQuery,
  caller: CallerRead,
): Promise<ListedElections> {
  const offset = (query.page - 1) * query.page_size;
  // The first page has no offset: PostgreSQL keeps one plan for it (an offset of any size would
  // have it plan afresh each time).
  const paged = offset > 0;
  const key = `member_${query.sort}_${query.order}_${paged ? 'paged' : 'first'}`;
  const statement = builtOnce(db, `elections_${key}`, (name) => {
    const member = sql.placeholder('userId');
    const orderBy = orderFor(query, {
      role: sql`${electionMembers.role}`,
      access: sql`${electionMembers.lastAccessedAt}`,
    });
    const page = db
      .select({
        election: elections,
        memberRole: electionMembers.role,
        lastAccessedAt: electionMembers.lastAccessedAt,
        total: keptMembershipCount(member),
        account: caller.accountTemplate,
      })
      .from(electionMembers)
      .innerJoin(elections, eq(elections.id, electionMembers.electionId))
      .where(eq(electionMembers.userId, member))
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .$dynamic();
    return (paged ? page.offset(sql.placeholder('offset')) : page).prepare(name);
  });
  const found = await statement.execute({
    userId,
    limit: query.page_size,
    offset,
    ...caller.accountValues,
  });
  const rows = found.map(({ total: _total, account: _account, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total, account: found[0].account };
  // A page past the end has no row to carry the count.
  const [count] = offset > 0 ? await countMemberships(db, userId, undefined) : [];
  return { rows, total: count?.count ?? 0, account: undefined };
}

/** Without election filters the count is the kept one: every membership has its election. */
async function countMemberships(
  db: Executor,
  userId: number,
  where: SQL | undefined,
): Promise<{ count: number }[]> {
  if (!where) return db.select({ count: keptMembershipCount(userId) }).from(sql`(select 1) as one`);
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(and(eq(electionMembers.userId, userId), where));
}

/**
 * A member's search: the trigram index finds the matching elections and the membership index
 * keeps the member's, or the member's rows are walked and matched, as the planner estimates.
 * The total rides along as a window count, so the matching rows are found once per page.
 */
async function searchMemberships(
  db: Executor,
  userId: number,
  query: ElectionListQuery,
  account: SQL,
): Promise<ListedElections> {
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
      account,
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
  if (found[0]) return { rows, total: found[0].total, account: found[0].account };
  // A page past the end has no row to carry the total.
  const [count] = offset > 0 ? await countMemberships(db, userId, filters(query)) : [];
  return { rows, total: count?.count ?? 0, account: undefined };
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
  account: SQL,
): Promise<ListedElections> {
  if (!where) return allByAccess(db, adminId, query, account);
  return searchAllByAccess(db, adminId, query, where, account);
}

/**
 * `listAllByAccess` with filters, as one statement: the Admin's opened elections that match,
 * then the other matches from where the opened ones end. The opened ones are few and counted
 * in a subquery that the others' rows carry; the others' count rides along as a window count,
 * so a search's matches are found once per page. The subquery is written twice, not more: each
 * copy is planned on every search.
 */
async function searchAllByAccess(
  db: Executor,
  adminId: number,
  query: ElectionListQuery,
  where: SQL,
  account: SQL,
): Promise<ListedElections> {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const order = () => sql.raw(`${direction} nulls last`);
  const size = query.page_size;
  const offset = (query.page - 1) * size;
  const opened = and(
    eq(electionMembers.userId, adminId),
    isNotNull(electionMembers.lastAccessedAt),
    where,
  );
  const openedTotal = sql<number>`(select count(*) from ${electionMembers}
    inner join ${elections} on ${elections.id} = ${electionMembers.electionId}
    where ${opened})::int`;
  const fields = (part: number, total: SQL<number>, openedCount: SQL<number | null>) => ({
    election: elections,
    memberRole: electionMembers.role,
    lastAccessedAt: electionMembers.lastAccessedAt,
    part: sql<number>`${sql.raw(String(part))}`.as('part'),
    opened: sql<number | null>`${openedCount}`.as('opened'),
    total: sql<number>`${total}`.as('total'),
    account: sql<unknown>`${account}`.as('account'),
  });
  const openedRows = db
    .select(fields(0, sql<number>`0`, sql<null>`null::int`))
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(opened)
    .orderBy(sql`${electionMembers.lastAccessedAt} ${order()}`, sql`${elections.id} ${order()}`)
    .limit(size)
    .offset(offset);
  // The others start where the opened end (drizzle renders an SQL offset as written).
  const othersOffset = sql`greatest(0, ${offset}::int - ${openedTotal})`;
  const others = db
    .select(fields(1, sql<number>`(count(*) over ())::int`, openedTotal))
    .from(elections)
    .leftJoin(
      electionMembers,
      and(eq(electionMembers.electionId, elections.id), eq(electionMembers.userId, adminId)),
    )
    .where(and(isNull(electionMembers.lastAccessedAt), where))
    .orderBy(sql`${idOrder(query)} ${sql.raw(direction)}`)
    .limit(size)
    .offset(othersOffset as unknown as number);
  // The others first: their left join types a member's role as nullable, as the rows are.
  const found = await others
    .unionAll(openedRows)
    .orderBy(
      sql`${sql.identifier('part')}`,
      sql`${sql.identifier('last_accessed_at')} ${order()}`,
      sql`${sql.identifier('id')} ${order()}`,
    );
  const rows: ElectionWithMembership[] = [];
  let total: number | null = null;
  for (const { part, opened, total: othersTotal, account: _account, ...row } of found) {
    if (part === 1 && total === null) total = (opened ?? 0) + othersTotal;
    if (rows.length < size) rows.push(row);
  }
  // A page with no other election to carry the counts (all the matches the Admin opened, or past
  // the end) counts its matches on its own.
  total ??= await countElections(db, where);
  return { rows, total, account: carried(found) };
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
  account: SQL,
): Promise<ListedElections> {
  const found = await allByAccessQuery(db, adminId, query, account);
  return allByAccessPage(db, found);
}

/** The Admin's first page by Access Date, unfiltered, as a statement built once. */
async function adminFirstPage(
  db: Executor,
  adminId: number,
  query: ElectionListQuery,
  caller: CallerRead,
): Promise<ListedElections> {
  const statement = builtOnce(
    db,
    `elections_admin_access_${query.order}_${query.page_size}`,
    (name) =>
      allByAccessQuery(db, sql.placeholder('adminId'), query, caller.accountTemplate).prepare(name),
  );
  const found = await statement.execute({ adminId, ...caller.accountValues });
  return allByAccessPage(db, found);
}

async function allByAccessPage(
  db: Executor,
  found: (ElectionWithMembership & { part: number; total: number; account: unknown })[],
): Promise<ListedElections> {
  const rows = found.map(({ part: _part, total: _total, account: _account, ...row }) => row);
  // A page past the end has no row to carry the count.
  const total = found[0]?.total ?? (await countElections(db, undefined));
  return { rows, total, account: carried(found) };
}

/** `allByAccess`'s statement, for an Admin's id or a placeholder of it. */
function allByAccessQuery(
  db: Executor,
  adminId: number | SQLWrapper,
  query: ElectionListQuery,
  account: SQL,
) {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const order = () => sql.raw(`${direction} nulls last`);
  const offset = (query.page - 1) * query.page_size;
  const reach = offset + query.page_size;
  // The first page, the crowd's, is planned once per connection (`planOnce`) with its limits
  // written into the text: a plan kept for any limit would walk as if for a tenth of the table,
  // and PostgreSQL would plan afresh each time instead. Later pages pass their limits as
  // parameters and are planned each time (a text per page would be kept by every connection).
  const firstPage = offset === 0;
  const limit = (n: number) => (firstPage ? (sql.raw(String(n)) as unknown as number) : n);
  const fields = (part: number) => ({
    election: elections,
    memberRole: electionMembers.role,
    lastAccessedAt: electionMembers.lastAccessedAt,
    part: sql<number>`${sql.raw(String(part))}`.as('part'),
    total: sql<number>`${firstPage ? planOnce : sql``}${keptElectionCount}`.as('total'),
    account: sql<unknown>`${account}`.as('account'),
  });
  const opened = db
    .select(fields(0))
    .from(electionMembers)
    .innerJoin(elections, eq(elections.id, electionMembers.electionId))
    .where(and(eq(electionMembers.userId, adminId), isNotNull(electionMembers.lastAccessedAt)))
    .orderBy(sql`${electionMembers.lastAccessedAt} ${order()}`, sql`${elections.id} ${order()}`)
    .limit(limit(reach));
  const others = db
    .select(fields(1))
    .from(elections)
    .leftJoin(
      electionMembers,
      and(eq(electionMembers.electionId, elections.id), eq(electionMembers.userId, adminId)),
    )
    .where(isNull(electionMembers.lastAccessedAt))
    .orderBy(sql`${elections.id} ${sql.raw(direction)}`)
    .limit(limit(reach));
  // The others first: their left join types a member's role as nullable, as the rows are.
  return others
    .unionAll(opened)
    .orderBy(
      sql`${sql.identifier('part')}`,
      sql`${sql.identifier('last_accessed_at')} ${order()}`,
      sql`${sql.identifier('id')} ${order()}`,
    )
    .limit(limit(query.page_size))
    .offset(offset);
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
