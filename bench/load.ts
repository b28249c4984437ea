// The election list under a crowd: 200 and 100 clients at once on GET /api/elections for 20 s,
// on the embedded database as `npm start` serves it, with a health probe beside the crowd.
// Requests beyond what the server takes at once are shed with 503 and Retry-After; the table
// counts them apart from errors and timeouts. The baseline is the health route under the same
// crowd in the same run.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { machineLine, writeSection } from './lib/results.js';
import { startBuiltServer } from './lib/server.js';

const run = promisify(execFile);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TIMEOUT_SECONDS = 10;

interface Measured {
  name: string;
  connections: number;
  requestsPerSecond: number;
  ok: number;
  p50: number;
  p99: number;
  max: number;
  shed: number;
  errors: number;
  timeouts: number;
  healthP99: number;
  healthMax: number;
}

const cli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** The crowd runs in its own process, so that it and the probe do not share an event loop. */
async function crowd(
  url: string,
  headers: Record<string, string>,
  connections: number,
): Promise<autocannon.Result> {
  const args = [cli, '-j', '-c', String(connections), '-d', String(DURATION_SECONDS)];
  args.push('-t', String(TIMEOUT_SECONDS));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as autocannon.Result;
}

/** Times health checks, one after another, while `running` holds. */
async function probeHealth(url: string, running: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (running()) {
    const started = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function measure(
  name: string,
  base: string,
  path: string,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Measured> {
  let running = true;
  const health = probeHealth(base, () => running);
  const result = await crowd(`${base}${path}`, headers, connections);
  running = false;
  const probes = await health;
  const shed = result.statusCodeStats?.['503']?.count ?? 0;
  return {
    name,
    connections,
    requestsPerSecond: result.requests.average,
    ok: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    shed,
    errors: result.errors - result.timeouts + result.non2xx - shed,
    timeouts: result.timeouts,
    healthP99: Math.round(quantile(probes, 0.99)),
    healthMax: Math.round(Math.max(0, ...probes)),
  };
}

const loadBefore = os.loadavg()[0]!;
const server = await startBuiltServer(3921, { SIGNIN_RATE_LIMIT_MAX: '1000' });
const measured: Measured[] = [];
try {
  const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'admin@scrutineer.local',
      password: Buffer.from('admin-password').toString('base64'),
    }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };
  await autocannon({ url: `${server.url}/api/elections`, headers: auth, duration: 3 });
  for (const connections of [200, 100]) {
    measured.push(await measure('GET /api/health', server.url, '/api/health', connections));
    measured.push(
      await measure('GET /api/elections', server.url, '/api/elections', connections, auth),
    );
  }
} finally {
  await server.stop();
}

const row = (m: Measured) =>
  `| ${m.name} | ${m.connections} | ${m.requestsPerSecond.toFixed(0)} | ${m.ok} | ${m.p50} | ${m.p99} | ${m.max} | ${m.shed} | ${m.errors} | ${m.timeouts} | ${m.healthP99} | ${m.healthMax} |`;
const ratios = [200, 100].map((connections) => {
  const [health, list] = measured.filter((m) => m.connections === connections);
  return `${connections} clients: **${(list!.requestsPerSecond / health!.requestsPerSecond).toFixed(2)}**`;
});
const table = measured.map(row).join('\n');
await writeSection(
  'Under load: the election list with 200 and 100 clients at once',
  `Run: \`npx tsc -b && npx tsx bench/load.ts\` (${DURATION_SECONDS} s per row, autocannon with a ${TIMEOUT_SECONDS} s client timeout; the built server with log level warn on the embedded PGlite, its demo data, signed in as the demo Admin; a health check every 100 ms beside the crowd).
${machineLine()} Load average (1 min) of the machine, shared with other work: ${loadBefore.toFixed(1)} before the run, ${os.loadavg()[0]!.toFixed(1)} after, on ${os.cpus().length} cores.

| route | clients | requests/s | answered 2xx | p50 ms | p99 ms | max ms | shed (503) | errors | timeouts | health p99 ms | health max ms |
|---|---|---|---|---|---|---|---|---|---|---|---|
${table}

Election-list requests per second as a share of health checks under the same crowd: ${ratios.join(', ')}.
Shed requests are answered at once with 503 and \`Retry-After\`; errors are other failures and
non-2xx answers; timeouts are requests unanswered after ${TIMEOUT_SECONDS} s.
With a load average far above the core count the server and the crowd wait for the CPU:
the health route's own timeouts and slow answers measure that wait, not the API; compare a
row with the health row of the same run.`,
);
console.log(table);
console.log(ratios.join(', '));
