// API throughput and latency: an authenticated read (GET /api/profile) against the health
// route in the same run, on the embedded database, as `npm start` serves it.
import autocannon from 'autocannon';
import { machineLine, writeSection } from './lib/results.js';
import { startBuiltServer } from './lib/server.js';
import { hasPostgres, startPostgres } from '../scripts/lib/postgres.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Measured> {
  const result = await autocannon({
    url,
    headers,
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

async function benchDatabase(
  label: string,
  port: number,
  env: Record<string, string>,
): Promise<Measured[]> {
  const server = await startBuiltServer(port, { SIGNIN_RATE_LIMIT_MAX: '1000', ...env });
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'user@scrutineer.local',
        password: Buffer.from('user-password').toString('base64'),
      }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    await measure('warm-up', `${server.url}/api/health`);
    const health = await measure(`${label}: GET /api/health`, `${server.url}/api/health`);
    const profile = await measure(
      `${label}: GET /api/profile (signed in)`,
      `${server.url}/api/profile`,
      {
        authorization: `Bearer ${token}`,
      },
    );
    return [health, profile];
  } finally {
    await server.stop();
  }
}

const measured = await benchDatabase('PGlite', 3917, {});
if (hasPostgres()) {
  const postgres = await startPostgres();
  try {
    measured.push(...(await benchDatabase('PostgreSQL', 3918, { DATABASE_URL: postgres.url })));
  } finally {
    postgres.stop();
  }
}

const row = (m: Measured) =>
  `| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} |`;
const ratios = [];
for (let i = 0; i + 1 < measured.length; i += 2) {
  const [health, profile] = [measured[i]!, measured[i + 1]!];
  ratios.push(
    `${health.name.split(':')[0]}: **${(profile.requestsPerSecond / health.requestsPerSecond).toFixed(2)}**`,
  );
}
const table = measured.map(row).join('\n');
await writeSection(
  'API: authenticated read against the health route',
  `Run: \`npm run build && npx tsx bench/api.ts\` (${DURATION_SECONDS} s per route, ${CONNECTIONS} connections, autocannon; the built server with log level warn, on the embedded PGlite and on a throwaway PostgreSQL).
${machineLine()}

| route | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${table}

Ratio of signed-in profile reads to health checks per second: ${ratios.join(', ')}. The profile
read verifies the JWT and reads the account row on every call (so a deactivated account is
refused at once); the health route runs \`SELECT 1\`. For reference, a bare Fastify hello route
does about 36k requests/s on this machine.`,
);
console.log(table);
console.log(ratios.join(', '));
