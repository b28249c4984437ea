// The production topology on this machine without containers: PostgreSQL, the S3-compatible test
// server (s3rver), two API instances and 1, 2 and 4 worker processes, each its own process as in
// deploy/compose.yaml. A generated election runs end to end; extractvote runs with 1, 2 and 4
// workers for the speed-up; a last run kills a worker and an API instance mid-stage and checks
// that every ballot was counted once. CPU per ballot per stage is read from /proc for every
// server process, and a capacity plan for 1 and 10 million ballots is worked from it.
// Run: `npm run build`, then `npx tsx bench/scale-model.ts` (BALLOTS=1000, BATCH_SIZE=50).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { startS3 } from '../apps/server/src/test/s3-server.js';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { BenchClient, seedBenchJob } from './lib/pipeline-api.js';
import { machineLine, writeSection } from './lib/results.js';
import { repoRoot, SERVER_NODE_FLAGS } from './lib/server.js';

const COUNT = Number(process.env.BALLOTS ?? 1000);
const BATCH = Number(process.env.BATCH_SIZE ?? 50);
// Heartbeats come from a timer; on a machine this loaded a busy batch can starve it for seconds.
const STALE = Number(process.env.STALE_SECONDS ?? 60);
const TICKS = 100; // clock ticks per second in /proc/<pid>/stat on Linux
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loads: string[] = [load()];
const loadSampler = setInterval(() => loads.push(load()), 60_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const work = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-scale-'));
const postgres = await startPostgres();
const s3 = await startS3();
const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
const env: Record<string, string> = {
  ...s3.env,
  DATABASE_URL: postgres.url,
  JWT_SECRET: randomBytes(32).toString('hex'),
  PIPELINE_WORKERS: '0',
  PIPELINE_BATCH_SIZE: String(BATCH),
  PIPELINE_STALE_SECONDS: String(STALE),
  SEED_DEMO_ELECTION: 'false',
  LOG_LEVEL: 'warn',
  SHUTDOWN_GRACE_SECONDS: '30',
};

interface Proc {
  name: string;
  child: ChildProcess;
  url?: string;
  alive: boolean;
}
const procs: Proc[] = [];

function spawnServer(name: string, script: string, extra: Record<string, string>): Proc {
  const child = spawn(
    'node',
    [...SERVER_NODE_FLAGS, path.join(repoRoot, 'apps/server/dist', script)],
    {
      env: { ...process.env, ...env, DATA_DIR: path.join(work, name), ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const proc: Proc = { name, child, alive: true };
  child.once('exit', () => (proc.alive = false));
  procs.push(proc);
  return proc;
}

async function startApi(name: string): Promise<Proc> {
  const port = await freePort();
  const proc = spawnServer(name, 'main.js', { PORT: String(port), HOST: '127.0.0.1' });
  proc.url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 3000; i += 1) {
    const ready = await fetch(`${proc.url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return proc;
    if (!proc.alive) throw new Error(`${name} exited`);
    await sleep(100);
  }
  throw new Error(`${name} did not become ready`);
}

async function startWorker(name: string): Promise<Proc> {
  const proc = spawnServer(name, 'worker.js', { PIPELINE_WORKERS: '1' });
  // Ready once it has registered its heartbeat row.
  for (let i = 0; i < 3000; i += 1) {
    const { rows } = await db.query('SELECT 1 FROM pipeline_workers WHERE pid = $1', [
      proc.child.pid,
    ]);
    if (rows.length > 0) return proc;
    if (!proc.alive) throw new Error(`${name} exited`);
    await sleep(100);
  }
  throw new Error(`${name} did not start`);
}

async function stopProc(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!proc.alive) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill(signal);
  await exited;
}

/** User and system CPU seconds of a live process so far. */
async function cpuOf(proc: Proc): Promise<number> {
  if (!proc.alive || !proc.child.pid) return 0;
  try {
    const stat = await readFile(`/proc/${proc.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}
/** CPU seconds per role: what the live processes spent, keyed by name. */
async function cpuSnapshot(): Promise<Map<string, number>> {
  const snap = new Map<string, number>();
  for (const proc of procs) snap.set(proc.name, await cpuOf(proc));
  return snap;
}
function cpuSpent(before: Map<string, number>, after: Map<string, number>, prefix: string) {
  let total = 0;
  for (const [name, value] of after)
    if (name.startsWith(prefix)) total += Math.max(0, value - (before.get(name) ?? 0));
  return total;
}

// The client spreads calls over the API instances as the proxy would, and when one does not
// answer it tries the other: the proxy's health check, seen from the client.
const client = new BenchClient(() =>
  procs.filter((p) => p.url && p.alive).map((p) => p.url as string),
);

interface StageRun {
  stage: string;
  seconds: number;
  workerCpu: number;
  apiCpu: number;
  runId: string;
  reports: { text: string; url: string }[];
}
async function runStage(
  jobId: number,
  stage: string,
  force = false,
  during?: (runId: string) => Promise<void>,
): Promise<StageRun> {
  const before = await cpuSnapshot();
  const done = await client.runStage(jobId, stage, force, during);
  const after = await cpuSnapshot();
  return {
    stage,
    seconds: done.seconds,
    workerCpu: cpuSpent(before, after, 'worker'),
    apiCpu: cpuSpent(before, after, 'api'),
    runId: done.runId,
    reports: done.operation.reports,
  };
}

interface BatchFigures {
  batches: number;
  retried: number;
  waitMean: number;
  waitMax: number;
}
async function batchFigures(runId: string): Promise<BatchFigures> {
  const { rows } = await db.query<{
    batches: number;
    retried: number;
    wait_mean: number;
    wait_max: number;
  }>(
    `SELECT count(*)::int AS batches, count(*) FILTER (WHERE attempt > 1)::int AS retried,
       extract(epoch FROM avg(claimed_at - queued_at))::float AS wait_mean,
       extract(epoch FROM max(claimed_at - queued_at))::float AS wait_max
     FROM operation_batches WHERE run_id = $1 AND status = 'done'`,
    [runId],
  );
  const row = rows[0];
  return {
    batches: row?.batches ?? 0,
    retried: row?.retried ?? 0,
    waitMean: row?.wait_mean ?? 0,
    waitMax: row?.wait_max ?? 0,
  };
}

const fetchReport = (reports: { text: string; url: string }[], text: string) =>
  client.fetchText(reports.find((r) => r.text === text)?.url ?? '');

const workers: Proc[] = [];
async function setWorkers(n: number) {
  while (workers.length > n) await stopProc(workers.pop() as Proc);
  while (workers.length < n) workers.push(await startWorker(`worker-${procs.length + 1}`));
}

try {
  await startApi('api-1'); // migrates and creates the Admin before anything else starts
  await startApi('api-2');
  await client.signIn();
  const {
    jobId,
    written,
    generatedSeconds: generated,
  } = await seedBenchJob(client, {
    work,
    count: COUNT,
    seed: 'bench-scale',
    district: 'Mono',
    name: 'Scale',
  });
  const job = { id: jobId };

  // 1. The stages before extractvote, with two workers.
  await setWorkers(2);
  const runs: StageRun[] = [];
  for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates']) {
    runs.push(await runStage(job.id, stage));
    console.log(`${stage}: ${runs.at(-1)?.seconds.toFixed(1)} s`);
  }

  // 2. extractvote with 1, 2 and 4 workers.
  const scaling: { workers: number; run: StageRun; batches: BatchFigures }[] = [];
  for (const n of [1, 2, 4]) {
    await setWorkers(n);
    const run = await runStage(job.id, 'extractvote', true);
    scaling.push({ workers: n, run, batches: await batchFigures(run.runId) });
    console.log(`extractvote, ${n} worker(s): ${run.seconds.toFixed(1)} s`);
  }

  // 3. Faults: two workers; one is killed while it holds a batch, and an API instance is killed.
  await setWorkers(2);
  const killed: string[] = [];
  const fault = await runStage(job.id, 'extractvote', true, async (runId) => {
    for (let i = 0; i < 6000; i += 1) {
      const { rows } = await db.query<{ worker: string; n: number }>(
        `SELECT worker, (SELECT count(*)::int FROM operation_batches WHERE run_id = $1 AND status = 'done') AS n
         FROM operation_batches WHERE run_id = $1 AND status = 'running'`,
        [runId],
      );
      const victim = workers.find((w) =>
        rows.some((r) => r.worker.includes(`-${w.child.pid}-`) && r.n >= 2),
      );
      if (victim) {
        await stopProc(victim, 'SIGKILL');
        killed.push(`${victim.name} (SIGKILL while it held a batch)`);
        break;
      }
      await sleep(100);
    }
    const api = procs.find((p) => p.name === 'api-1');
    if (api) {
      await stopProc(api, 'SIGKILL');
      killed.push('api-1 (SIGKILL)');
    }
  });
  const faultBatches = await batchFigures(fault.runId);
  const sheets = await fetchReport(fault.reports, 'Sheets (CSV)');
  const ids = sheets
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] ?? '');
  const unique = new Set(ids).size;
  for (const stage of ['cmpcvr', 'adjudicate', 'genreport']) {
    runs.push(await runStage(job.id, stage));
    console.log(`${stage}: ${runs.at(-1)?.seconds.toFixed(1)} s`);
  }
  const reportCsv = await fetchReport(runs.at(-1)?.reports ?? [], 'Final report (CSV)');
  const found = parse<Record<string, string>>(reportCsv, { columns: true }).filter(
    (r) => r.section === 'disagreement',
  ).length;

  // CPU per ballot per stage: extractvote from the one-worker run, the others from their runs.
  const one = scaling[0];
  const perBallot = [...runs.slice(0, 4), ...(one ? [one.run] : []), ...runs.slice(4)].map((r) => ({
    stage: r.stage,
    seconds: r.seconds,
    cpu: r.workerCpu,
    api: r.apiCpu,
    perBallotMs: (r.workerCpu / COUNT) * 1000,
  }));
  const cpuPerBallot = perBallot.reduce((sum, r) => sum + r.cpu, 0) / COUNT;
  const plan = (ballots: number, hours: number) =>
    Math.ceil(((ballots * cpuPerBallot) / (hours * 3600)) * 1.33);
  const hoursWith = (ballots: number, workerCount: number) =>
    (ballots * cpuPerBallot * 1.33) / workerCount / 3600;
  clearInterval(loadSampler);
  loads.push(load());
  const base = one?.run.seconds ?? 1;
  const body = [
    `Run: \`npm run build && npx tsx bench/scale-model.ts\` (BALLOTS=${COUNT}, batches of ${BATCH} ballots; PostgreSQL 15, s3rver as the S3 store, two API instances with no handlers of their own, \`worker.js\` processes with one handler each; stale-batch takeover after ${STALE} s).`,
    machineLine(),
    `Load average (1, 5, 15 min), sampled each minute from start to end: ${loads.join(' → ')}. The machine has 2 cores and was shared with other work throughout: the speed-ups below are what a second and fourth process could take from that, not what idle cores give.`,
    `Generating the ${COUNT} ballots took ${generated.toFixed(0)} s.`,
    '',
    '| stage | wall s | worker CPU s | CPU ms per ballot | API CPU s |',
    '|---|---|---|---|---|',
    ...perBallot.map(
      (r) =>
        `| ${r.stage}${r.stage === 'extractvote' ? ' (1 worker)' : ''} | ${r.seconds.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.perBallotMs.toFixed(1)} | ${r.api.toFixed(1)} |`,
    ),
    '',
    '| extractvote | wall s | ballots/s | speed-up | batches | queue wait mean / max s |',
    '|---|---|---|---|---|---|',
    ...scaling.map(
      (s) =>
        `| ${s.workers} worker${s.workers > 1 ? 's' : ''} | ${s.run.seconds.toFixed(1)} | ${(COUNT / s.run.seconds).toFixed(1)} | ${(base / s.run.seconds).toFixed(2)}× | ${s.batches.batches} | ${s.batches.waitMean.toFixed(2)} / ${s.batches.waitMax.toFixed(1)} |`,
    ),
    '',
    `Fault run (extractvote, 2 workers): killed ${killed.join(', ')}. The stage ended SUCCESS in ${fault.seconds.toFixed(1)} s; ${faultBatches.batches} batches done, ${faultBatches.retried} of them run again after the kill; the client failed over ${client.failovers} time(s). Sheets in the output: **${ids.length}**, distinct: **${unique}**, ballots: **${COUNT}** — ${ids.length === COUNT && unique === COUNT ? 'every ballot counted once' : 'NOT every ballot counted once'}. Final report: **${found}** disagreements, **${written.planted.length}** planted.`,
    '',
    `Capacity plan from the measured worker CPU, ${(cpuPerBallot * 1000).toFixed(0)} ms per ballot over all stages (one worker process per core, a third added for retries and uneven batches):`,
    '',
    '| ballots | workers for 8 h | workers for 24 h | hours with 16 workers | hours with 64 workers |',
    '|---|---|---|---|---|',
    ...[1_000_000, 10_000_000].map(
      (n) =>
        `| ${n.toLocaleString('en-US')} | ${plan(n, 8)} | ${plan(n, 24)} | ${hoursWith(n, 16).toFixed(1)} | ${hoursWith(n, 64).toFixed(1)} |`,
    ),
  ].join('\n');
  await writeSection(
    `Scale model: the production topology, ${COUNT.toLocaleString('en-US')} ballots`,
    body,
  );
  console.log(body);
} finally {
  clearInterval(loadSampler);
  for (const proc of procs) await stopProc(proc, 'SIGKILL').catch(() => undefined);
  await db.end();
  await s3.stop();
  postgres.stop();
  await rm(work, { recursive: true, force: true });
}
