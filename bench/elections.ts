// The election list at scale: 100,000 elections and about 1,000,000 memberships generated
// straight into the database, then the first page, a filtered page and a search measured with
// autocannon against the health route in the same run, on PostgreSQL and on PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import pg from 'pg';
import { machineLine, writeSection } from './lib/results.js';
import { startBuiltServer } from './lib/server.js';
import {
  DEMO_USER_EVERY,
  DISTRICTS,
  ELECTIONS,
  MEMBERS_PER_ELECTION,
  USERS,
  generate,
} from './lib/elections-data.js';
import { hasPostgres, startPostgres } from '../scripts/lib/postgres.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, token?: string): Promise<Measured> {
  const result = await autocannon({
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: Buffer.from(password).toString('base64') }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function measureRoutes(label: string, url: string): Promise<Measured[]> {
  const user = await signIn(url, 'user@scrutineer.local', 'user-password');
  const admin = await signIn(url, 'admin@scrutineer.local', 'admin-password');
  const firstPage = (await (
    await fetch(`${url}/api/elections`, { headers: { authorization: `Bearer ${user}` } })
  ).json()) as { total: number; items: { districtId: number }[] };
  const district = firstPage.items[0]?.districtId ?? 1;
  console.log(`${label}: the demo User belongs to ${firstPage.total} elections`);
  const api = `${url}/api/elections`;
  await measure('warm-up', `${url}/api/health`);
  return [
    await measure(`${label}: GET /api/health`, `${url}/api/health`),
    await measure(`${label}: first page (member, by Access Date)`, api, user),
    await measure(
      `${label}: filtered page (member, ?district=)`,
      `${api}?district=${district}`,
      user,
    ),
    await measure(
      `${label}: search (member, ?search=Election 12)`,
      `${api}?search=Election%2012`,
      user,
    ),
    await measure(`${label}: first page (Admin, all 100,000)`, api, admin),
    await measure(
      `${label}: search (Admin, ?search=Election 12)`,
      `${api}?search=Election%2012`,
      admin,
    ),
  ];
}

async function benchPostgres(): Promise<Measured[]> {
  const postgres = await startPostgres();
  const server = await startBuiltServer(3921, {
    DATABASE_URL: postgres.url,
    SIGNIN_RATE_LIMIT_MAX: '1000',
  });
  const client = new pg.Client({ connectionString: postgres.url });
  try {
    await client.connect();
    const started = performance.now();
    await generate((text) => client.query(text));
    console.log(
      `PostgreSQL: data generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return await measureRoutes('PostgreSQL', server.url);
  } finally {
    await client.end();
    await server.stop();
    postgres.stop();
  }
}

/** PGlite is one process's database: migrate and seed through the server, then fill, then serve. */
async function benchPglite(): Promise<Measured[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-elections-'));
  const env = { DATA_DIR: dataDir, SIGNIN_RATE_LIMIT_MAX: '1000' };
  try {
    await (await startBuiltServer(3922, env)).stop();
    const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    const started = performance.now();
    await generate((text) => db.exec(text));
    await db.close();
    console.log(`PGlite: data generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const server = await startBuiltServer(3922, env);
    try {
      return await measureRoutes('PGlite', server.url);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const measured = [
  ...(hasPostgres() ? await benchPostgres() : []),
  ...(process.env.BENCH_SKIP_PGLITE ? [] : await benchPglite()),
];
const row = (m: Measured) =>
  `| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} |`;
const table = measured.map(row).join('\n');
await writeSection(
  'Election list: 100,000 elections and 1,000,000 memberships',
  `Run: \`npx tsc -b && npx tsx bench/elections.ts\` (${DURATION_SECONDS} s per route, ${CONNECTIONS} connections, autocannon; the built server with log level warn). The script generates ${ELECTIONS.toLocaleString('en-US')} elections in ${DISTRICTS.toLocaleString('en-US')} districts, ${USERS.toLocaleString('en-US')} users with ${MEMBERS_PER_ELECTION} memberships per election (${(ELECTIONS * MEMBERS_PER_ELECTION).toLocaleString('en-US')}, two thirds with an access date), and makes the demo User a member of every ${DEMO_USER_EVERY}th election (${(ELECTIONS / DEMO_USER_EVERY).toLocaleString('en-US')} memberships), with \`INSERT … SELECT generate_series\`, on a throwaway PostgreSQL and on the embedded PGlite.
${machineLine()}

| route | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${table}

Pages are 25 rows with the total count. A member's list walks their memberships through the
index on (user, access date, election), so the first page and the count read only their own
rows; the district filter uses the same rows. The Admin's default order takes the elections the
Admin opened from the same index, then every other election newest first from the primary key,
so a page reads about 25 rows instead of sorting all 100,000. Search matches one lower-cased
column (name, path and county) through a trigram index (pg_trgm; PGlite loads it as an
extension): the count reads only the matching rows. Each call also counts its total, and at
10 connections on 2 cores the queries' CPU queues into the latencies above.`,
);
console.log(table);
