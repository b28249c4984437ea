// The election list on PostgreSQL with 100,000 elections under a crowd: the first page at 100
// clients and the search at 10, each beside the health route measured in the same run at the
// same number of clients. The machine is shared, so every row records the load average at its
// end and its figures as ratios to the health row.
// BENCH_DATABASE_URL reuses a migrated database that already holds the generated data.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, cpuOf, cpuSpent } from './lib/cpu.js';
import { ELECTIONS, generate } from './lib/elections-data.js';
import { machineLine, writeSection } from './lib/results.js';
import { startBuiltServer } from './lib/server.js';
import { startPostgres } from '../scripts/lib/postgres.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TIMEOUT_SECONDS = 10;

interface Measured {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  shed: number;
  errors: number;
  timeouts: number;
  load: number;
  /** CPU milliseconds per request of the API process and of its PostgreSQL connections. */
  serverCpu: number;
  databaseCpu: number;
}

/** The PostgreSQL processes serving connections other than the bench's own. */
async function backendPids(): Promise<number[]> {
  const { rows } = await monitor.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  return rows.map((row) => row.pid);
}

async function measure(
  name: string,
  url: string,
  connections: number,
  token?: string,
): Promise<Measured> {
  const serverBefore = cpuMs(server.pid);
  const databaseBefore = cpuOf(await backendPids());
  const result = await autocannon({
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    connections,
    duration: DURATION_SECONDS,
    timeout: TIMEOUT_SECONDS,
  });
  const databaseAfter = cpuOf(await backendPids());
  const requests = Math.max(1, result.requests.total);
  const shed = result.statusCodeStats['503']?.count ?? 0;
  return {
    serverCpu: (cpuMs(server.pid) - serverBefore) / requests,
    databaseCpu: cpuSpent(databaseBefore, databaseAfter) / requests,
    name,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    shed,
    errors: result.errors - result.timeouts + result.non2xx - shed,
    timeouts: result.timeouts,
    load: os.loadavg()[0]!,
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

async function database(): Promise<{ url: string; fill: boolean; stop: () => void }> {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, fill: false, stop: () => undefined };
  }
  const postgres = await startPostgres();
  return { ...postgres, fill: true };
}

const postgres = await database();
// Every request is served, none shed: the latencies are those of answered pages.
const server = await startBuiltServer(3923, {
  DATABASE_URL: postgres.url,
  SIGNIN_RATE_LIMIT_MAX: '1000',
  MAX_CONCURRENT_REQUESTS: '1000',
});
const measured: Measured[] = [];
const monitor = new pg.Client({ connectionString: postgres.url });
try {
  await monitor.connect();
  if (postgres.fill) await generate((text) => monitor.query(text));
  const user = await signIn(server.url, 'user@scrutineer.local', 'user-password');
  const admin = await signIn(server.url, 'admin@scrutineer.local', 'admin-password');
  const health = `${server.url}/api/health`;
  const list = `${server.url}/api/elections`;
  const search = `${list}?search=Election%2012`;
  await measure('warm-up', list, 10, user);
  measured.push(
    await measure('GET /api/health', health, 10),
    await measure('search (member, ?search=Election 12)', search, 10, user),
    await measure('search (Admin, ?search=Election 12)', search, 10, admin),
    await measure('GET /api/health', health, 10),
    await measure('GET /api/health', health, 100),
    await measure('first page (member of 5,000)', list, 100, user),
    await measure(`first page (Admin, all ${ELECTIONS.toLocaleString('en-US')})`, list, 100, admin),
    await measure('GET /api/health', health, 100),
  );
} finally {
  await monitor.end();
  await server.stop();
  postgres.stop();
}

const healthAt = (connections: number) =>
  measured.filter((m) => m.name === 'GET /api/health' && m.connections === connections);
const row = (m: Measured) => {
  const baselines = healthAt(m.connections);
  const rate = Math.max(...baselines.map((h) => h.requestsPerSecond));
  const p99 = Math.min(...baselines.map((h) => h.p99));
  const cpu = m.serverCpu + m.databaseCpu;
  return `| ${m.name} | ${m.connections} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.shed} | ${m.errors} | ${m.timeouts} | ${m.load.toFixed(1)} | ${(m.requestsPerSecond / rate).toFixed(3)} | ${(m.p99 / Math.max(1, p99)).toFixed(1)} | ${m.serverCpu.toFixed(2)} | ${m.databaseCpu.toFixed(2)} | ${(2000 / cpu).toFixed(0)} |`;
};
const table = measured.map(row).join('\n');
await writeSection(
  'Election list on PostgreSQL under a crowd: first page at 100 clients, search at 10',
  `Run: \`npx tsc -b && npx tsx bench/elections-crowd.ts\` (${DURATION_SECONDS} s per row, autocannon with a ${TIMEOUT_SECONDS} s timeout; the built server with log level warn on a throwaway PostgreSQL holding the data of the section "Election list: 100,000 elections and 1,000,000 memberships"; \`MAX_CONCURRENT_REQUESTS\` above the crowd, so no request is shed and every latency is an answered page).
${machineLine()} The machine's 2 cores were shared with other work: the load average (1 min) is taken at the end of each row.

| route | clients | requests/s | p50 ms | p99 ms | shed (503) | errors | timeouts | load average | requests/s ÷ health's | p99 ÷ health's | API CPU ms/request | PostgreSQL CPU ms/request | requests/s 2 free cores allow |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${table}

The ratios divide by the health row at the same number of clients (the better of the two health
rows taken before and after the routes). Health runs \`SELECT 1\`; a first
page also verifies the token, reads the account and runs two queries (the page and its count).

What the plans showed (\`EXPLAIN ANALYZE\` on this data): the count and the first page of a
member read only their own memberships (under 2 ms), and the trigram index answers
\`search LIKE '%election 12%'\` in about 5 ms (1,111 matches). Two searches did not use it:
the member's search chose a parallel sequential scan of all 100,000 elections (137 ms against
12 ms through the index), and the Admin's search walked the primary key from the newest
election down, filtering 87,001 rows before it found 25 (118 ms against 7 ms), because the
matches were all old elections. The server now turns parallel workers off on its connections
(\`max_parallel_workers_per_gather = 0\`) and orders the Admin's other elections by
\`id + 0\` when a search or project filter is set, so the matches come from their index and
are sorted. The answers are the same (\`elections.test.ts\` checks the order across pages).
Before these changes, on the same data and the same machine at a load average of 22–26, the
searches at 10 clients measured 29 requests/s, p99 607 ms (member) and 28 requests/s, p99
597 ms (Admin), beside health at 1,639 and 327 requests/s in the same minutes.

The Admin's first page counts all 100,000 elections on every call (an index-only scan of the
primary key, 20–40 ms here), which is most of its cost. At 100 clients both first pages are
bound by CPU: a member's page takes about 2 ms of the server's CPU and 1.3 ms of
PostgreSQL's, health about 0.4 and 0.1 ms, and the machine's load average of over 20 on 2
cores left the server a small share of them, so the 250 ms aim at 100 clients was not met in
this run; compare the ratios rather than the milliseconds.`,
);
console.log(table);
