import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DistrictListQuery } from '@scrutineer/contracts';
import { districtMembers, districts } from '../../db/schema.js';
import type { Executor } from '../../platform/db/database.js';
import { electionMemberOf, type DistrictRow } from './districts.repository.js';

export interface DistrictSummaryRow {
  district: DistrictRow;
  memberRole: string | null;
  contacts: number;
  elections: number;
  contactName: string | null;
}

const contactCount = sql<number>`(select count(*)::int from district_contacts c
  where c.district_id = ${districts.id})`;
const electionCount = sql<number>`(select count(*)::int from elections e
  where e.district_id = ${districts.id})`;
const firstContactName = sql<string | null>`(select c.name from district_contacts c
  where c.district_id = ${districts.id} order by c.id limit 1)`;

const SORT_COLUMNS: Record<DistrictListQuery['sort'], SQL> = {
  name: sql`lower(${districts.name})`,
  district_name: sql`lower(${districts.districtName})`,
  state_name: sql`lower(${districts.stateName})`,
  country: sql`${districts.country}`,
  contacts: contactCount,
  elections: electionCount,
  created_at: sql`${districts.createdAt}`,
};

function visibility(userId: number, isAdmin: boolean): SQL | undefined {
  if (isAdmin) return undefined;
  const member = sql`exists (select 1 from district_members dm
    where dm.district_id = ${districts.id} and dm.user_id = ${userId})`;
  return or(member, electionMemberOf(sql`${districts.id}`, userId));
}

function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[%_\\]/g, '\\$&')}%`;
  return or(
    ilike(districts.name, pattern),
    ilike(districts.districtName, pattern),
    ilike(districts.stateName, pattern),
    ilike(districts.city, pattern),
    ilike(districts.email, pattern),
  );
}

/** One page of the districts a user can see (all for an Admin), with counts for the list. */
export async function listDistricts(
  db: Executor,
  viewer: { userId: number; isAdmin: boolean },
  query: DistrictListQuery,
): Promise<{ rows: DistrictSummaryRow[]; total: number }> {
  const where = and(visibility(viewer.userId, viewer.isAdmin), searchFilter(query.search));
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        district: districts,
        memberRole: districtMembers.role,
        contacts: contactCount,
        elections: electionCount,
        contactName: firstContactName,
      })
      .from(districts)
      .leftJoin(
        districtMembers,
        and(
          eq(districtMembers.districtId, districts.id),
          eq(districtMembers.userId, viewer.userId),
        ),
      )
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(districts.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(districts)
      .where(where),
  ]);
  return { rows, total: count?.count ?? 0 };
}

/**
 * The same summary for one district, and whether the user belongs to one of its elections
 * (access is decided by the caller).
 */
export async function findDistrictSummary(
  db: Executor,
  districtId: number,
  userId: number,
): Promise<(DistrictSummaryRow & { viaElection: boolean }) | null> {
  const [row] = await db
    .select({
      district: districts,
      memberRole: districtMembers.role,
      contacts: contactCount,
      elections: electionCount,
      contactName: firstContactName,
      viaElection: sql<boolean>`${electionMemberOf(sql`${districts.id}`, userId)}`,
    })
    .from(districts)
    .leftJoin(
      districtMembers,
      and(eq(districtMembers.districtId, districts.id), eq(districtMembers.userId, userId)),
    )
    .where(eq(districts.id, districtId))
    .limit(1);
  return row ?? null;
}
