// 100,000 elections in 1,000 districts and about 1,000,000 memberships, generated straight
// into a migrated database with set-based inserts; shared by the election-list benches.
export const ELECTIONS = 100_000;
export const USERS = 10_000;
export const DISTRICTS = 1_000;
export const MEMBERS_PER_ELECTION = 10;
/** The demo User belongs to every 20th election: a heavy member with 5,000 elections. */
export const DEMO_USER_EVERY = 20;

export type Exec = (text: string) => Promise<unknown>;

/** Set-based inserts: users, districts, elections, then the memberships, then a vacuum. */
export async function generate(exec: Exec): Promise<void> {
  await exec(`INSERT INTO users (email, first_name, last_name, role, verified, subscription_plan)
    SELECT 'bench' || g || '@example.org', 'Bench', 'Person' || g, 'User', true, 1
    FROM generate_series(1, ${USERS}) g`);
  await exec(`INSERT INTO districts (name, country, state_name, district_name, email, date)
    SELECT 'US_CA_Bench' || g, 'US', 'CA', 'Bench ' || g, 'clerk' || g || '@example.org', '2024-01-01'
    FROM generate_series(1, ${DISTRICTS}) g`);
  await exec(`INSERT INTO elections
      (name, e_type, privacy, country, state, county, date, address, district_id, project_ids)
    SELECT 'Election ' || g,
      (ARRAY['General','Primary','Presidential Preference Primary','Special','Municipal'])[g % 5 + 1],
      (ARRAY['Public','Open','Closed'])[g % 3 + 1],
      'US', 'CA', 'Bench ' || (g % ${DISTRICTS} + 1), DATE '2000-01-01' + (g % 9000),
      'US/CA/Bench' || (g % ${DISTRICTS} + 1) || '/General/' || g,
      (SELECT min(id) FROM districts) + g % ${DISTRICTS}, ARRAY[g % 50 + 1]
    FROM generate_series(1, ${ELECTIONS}) g`);
  // Offsets k * 1009 are distinct modulo the user count, so no (election, user) pair repeats.
  await exec(`INSERT INTO election_members (election_id, user_id, role, last_accessed_at)
    SELECT e.id, u0.first + (e.id * 7 + k * 1009) % ${USERS},
      (ARRAY['Auditor','Uploader','Observer'])[k % 3 + 1],
      CASE WHEN (e.id + k) % 3 = 0 THEN NULL
        ELSE now() - ((e.id * 13 + k) % 100000) * interval '1 minute' END
    FROM elections e
    CROSS JOIN generate_series(0, ${MEMBERS_PER_ELECTION - 1}) k
    CROSS JOIN (SELECT min(id) AS first FROM users WHERE email LIKE 'bench%') u0`);
  await exec(`INSERT INTO election_members (election_id, user_id, role, last_accessed_at)
    SELECT e.id, u.id, 'Observer', CASE WHEN e.id % 40 = 0 THEN now() - e.id * interval '1 second' END
    FROM elections e, users u
    WHERE e.id % ${DEMO_USER_EVERY} = 0 AND u.email = 'user@scrutineer.local'`);
  // The state autovacuum reaches a minute after a bulk load: statistics, and the visibility map
  // that lets a member's count read the membership index alone.
  await exec('VACUUM ANALYZE');
}
