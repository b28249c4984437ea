// The production topology on this machine without containers: PostgreSQL, the S3-compatible test
// server (s3rver), two API instances and 1, 2 and 4 worker processes, each its own process as in
// deploy/compose.yaml. A generated election runs end to end; extractvote runs with 1, 2 and 4
// workers for the speed-up; a last run kills a worker and an API instance mid-stage and checks
// that every ballot was counted once. CPU per ballot per stage is read from /proc for every
// server process, and a capacity plan for 1 and 10 million ballots is worked from it. For the
// extractvote runs, the CPU of every other process (API instances, S3 server, PostgreSQL and
// its backends, the bench itself) is read apart, with the S3 requests by kind and where each
// worker's time went (batches, the gaps between them, the plan and the join).
// Run: `npm run build`, then `npx tsx bench/scale-model.ts` (BALLOTS=1000, BATCH_SIZE=50).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { familyCpuMs, parentOf, threadCpuMs } from './lib/cpu.js';
import { BenchClient, seedBenchJob } from './lib/pipeline-api.js';
import { machineLine, writeSection } from './lib/results.js';
import { repoRoot, SERVER_NODE_FLAGS } from './lib/server.js';

const COUNT = Number(process.env.BALLOTS ?? 1000);
// WORKERS=1,2 and FAULTS=0 make a shorter run for comparing changes; WORKERS=1 alone (FAULTS
// left on) checks the fault run and the count of ballots quickly. RESULTS.md is written only by
// the whole run.
const WORKER_COUNTS = (process.env.WORKERS ?? '1,2,4').split(',').map(Number);
const FAULTS = process.env.FAULTS !== '0';
const FULL = WORKER_COUNTS.join(',') === '1,2,4' && FAULTS;
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

/** s3rver in its own process (bench/lib/s3-process.ts), so its CPU is its own. */
async function startS3Process() {
  const child = fork(path.join(import.meta.dirname, 'lib/s3-process.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { env: Record<string, string> }).env));
    child.once('exit', (code) => reject(new Error(`the S3 server exited with ${code}`)));
  });
  return {
    env,
    pid: child.pid ?? 0,
    /** Requests served so far, by kind (GET (range), GET, HEAD, PUT, LIST, DELETE, POST). */
    counts: () =>
      new Promise<Record<string, number>>((resolve) => {
        const hear = (message: unknown) => {
          const answer = message as { type?: string; counts?: Record<string, number> };
          if (answer.type !== 'counts') return;
          child.off('message', hear);
          resolve(answer.counts ?? {});
        };
        child.on('message', hear);
        child.send('counts');
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const work = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-scale-'));
const postgres = await startPostgres();
const s3 = await startS3Process();
const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
// The postmaster is the parent of any backend; its family's CPU is the database's.
const postmaster = parentOf(
  (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0,
);
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

// PROFILE=<folder>: each server process writes a CPU profile there when it stops.
const PROFILE = process.env.PROFILE;
function spawnServer(name: string, script: string, extra: Record<string, string>): Proc {
  const profile = PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(
    'node',
    [...SERVER_NODE_FLAGS, ...profile, path.join(repoRoot, 'apps/server/dist', script)],
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
/**
 * CPU seconds so far, keyed by process name, and for the processes outside the server roles:
 * `s3`, `postgres` (the postmaster and its backends), `bench` (this process: the client and its
 * polls); `threads:<worker>` is what a worker spent off its main thread.
 */
async function cpuSnapshot(): Promise<Map<string, number>> {
  const snap = new Map<string, number>();
  for (const proc of procs) {
    snap.set(proc.name, await cpuOf(proc));
    if (proc.name.startsWith('worker') && proc.alive && proc.child.pid)
      snap.set(`threads:${proc.name}`, threadCpuMs(proc.child.pid).others / 1000);
  }
  snap.set('s3', familyCpuMs(s3.pid) / 1000);
  snap.set('postgres', familyCpuMs(postmaster) / 1000);
  const own = process.cpuUsage();
  snap.set('bench', (own.user + own.system) / 1e6);
  return snap;
}
/**
 * Whether one worker process used more than one core: each second, the CPU a worker spent
 * beyond the second that passed is counted (its decoding threads running beside its main
 * thread, or the garbage collector's helpers).
 */
function sampleBeyondOneCore() {
  const last = new Map<string, { at: number; cpu: number }>();
  let beyond = 0;
  let seen = 0;
  const timer = setInterval(() => {
    for (const proc of workers) {
      if (!proc.alive || !proc.child.pid) continue;
      const at = performance.now() / 1000;
      const { main, others } = threadCpuMs(proc.child.pid);
      const cpu = (main + others) / 1000;
      const before = last.get(proc.name);
      last.set(proc.name, { at, cpu });
      if (!before) continue;
      seen += cpu - before.cpu;
      beyond += Math.max(0, cpu - before.cpu - (at - before.at));
    }
  }, 1000);
  return () => {
    clearInterval(timer);
    return seen > 0 ? beyond / seen : 0;
  };
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
  /** Share of the workers' CPU spent beyond one core each (see sampleBeyondOneCore). */
  beyondOneCore: number;
  /** CPU seconds of every measured role during the run, by role. */
  cpu: Record<'worker' | 'threads' | 'api' | 's3' | 'postgres' | 'bench', number>;
  /** S3 requests served during the run, by kind. */
  requests: Record<string, number>;
  runId: string;
  reports: { text: string; url: string }[];
}
async function runStage(
  jobId: number,
  stage: string,
  force = false,
  during?: (runId: string) => Promise<void>,
): Promise<StageRun> {
  const [before, served] = [await cpuSnapshot(), await s3.counts()];
  const sampled = sampleBeyondOneCore();
  const done = await client.runStage(jobId, stage, force, during);
  const beyondOneCore = sampled();
  const [after, now] = [await cpuSnapshot(), await s3.counts()];
  const requests: Record<string, number> = {};
  for (const [kind, n] of Object.entries(now)) requests[kind] = n - (served[kind] ?? 0);
  const spent = (prefix: string) => cpuSpent(before, after, prefix);
  return {
    stage,
    seconds: done.seconds,
    workerCpu: spent('worker'),
    apiCpu: spent('api'),
    beyondOneCore,
    cpu: {
      worker: spent('worker'),
      threads: spent('threads:'),
      api: spent('api'),
      s3: spent('s3'),
      postgres: spent('postgres'),
      bench: spent('bench'),
    },
    requests,
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

interface Timeline {
  /** From the launch to the end, as the database recorded them. */
  wall: number;
  /** From the launch to the first batch claimed: the plan and the queue's first hand-out. */
  plan: number;
  /** From the last batch done to the stage's end: the join. */
  join: number;
  /** Between one batch's end and the next claim by the same worker: the queue's latency. */
  gapMean: number;
  gapMax: number;
  /** Share of the workers' time (wall × workers) spent inside batches. */
  busy: number;
}
async function timeline(runId: string): Promise<Timeline> {
  const { rows: ops } = await db.query<{ started: number; finished: number }>(
    `SELECT extract(epoch FROM started_at)::float AS started, extract(epoch FROM finished_at)::float AS finished
     FROM job_operations WHERE operation_id = $1`,
    [runId],
  );
  const { rows } = await db.query<{ worker: string; claimed: number; finished: number }>(
    `SELECT worker, extract(epoch FROM claimed_at)::float AS claimed, extract(epoch FROM finished_at)::float AS finished
     FROM operation_batches WHERE run_id = $1 AND status = 'done' ORDER BY claimed_at`,
    [runId],
  );
  const op = ops[0] ?? { started: 0, finished: 0 };
  const gaps: number[] = [];
  let inside = 0;
  const byWorker = new Map<string, { claimed: number; finished: number }[]>();
  for (const row of rows) byWorker.set(row.worker, [...(byWorker.get(row.worker) ?? []), row]);
  for (const batches of byWorker.values())
    batches.forEach((b, i) => {
      inside += b.finished - b.claimed;
      const before = batches[i - 1];
      if (before) gaps.push(b.claimed - before.finished);
    });
  const wall = op.finished - op.started;
  return {
    wall,
    plan: Math.min(...rows.map((r) => r.claimed)) - op.started,
    join: op.finished - Math.max(...rows.map((r) => r.finished)),
    gapMean: gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0,
    gapMax: gaps.length ? Math.max(...gaps) : 0,
    busy: inside / Math.max(1e-9, wall * Math.max(1, byWorker.size)),
  };
}

const fetchReport = (reports: { text: string; url: string }[], text: string) =>
  client.fetchText(reports.find((r) => r.text === text)?.url ?? '');

/** Ends a run of only some worker counts before the fault run and the report. */
class ShortRun extends Error {}

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
  const scaling: { workers: number; run: StageRun; batches: BatchFigures; times: Timeline }[] = [];
  for (const n of WORKER_COUNTS) {
    await setWorkers(n);
    const run = await runStage(job.id, 'extractvote', true);
    const times = await timeline(run.runId);
    scaling.push({ workers: n, run, batches: await batchFigures(run.runId), times });
    console.log(
      `extractvote, ${n} worker(s): ${run.seconds.toFixed(1)} s`,
      JSON.stringify({ cpu: run.cpu, beyond: run.beyondOneCore, requests: run.requests, times }),
    );
  }

  if (!FAULTS) {
    for (const { workers: n, run, times, batches } of scaling)
      console.log(
        JSON.stringify({
          workers: n,
          cpu: run.cpu,
          beyond: run.beyondOneCore,
          requests: run.requests,
          times,
          batches,
        }),
      );
    throw new ShortRun();
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
  if (ids.length !== COUNT || unique !== COUNT) process.exitCode = 1;
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
  const base = one?.times.wall ?? 1;
  const msPer = (seconds: number) => ((seconds / COUNT) * 1000).toFixed(1);
  const requestsOf = (r: Record<string, number>) =>
    Object.entries(r)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
  const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
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
    'extractvote with 1, 2 and 4 workers; wall time from launch to end as the database recorded them:',
    '',
    "| extractvote | wall s | ballots/s | speed-up | batches | queue wait mean / max s | plan s | join s | gap between a worker's batches mean / max s | workers busy |",
    '|---|---|---|---|---|---|---|---|---|---|',
    ...scaling.map(
      (s) =>
        `| ${s.workers} worker${s.workers > 1 ? 's' : ''} | ${s.times.wall.toFixed(1)} | ${(COUNT / s.times.wall).toFixed(1)} | ${(base / s.times.wall).toFixed(2)}× | ${s.batches.batches} | ${s.batches.waitMean.toFixed(2)} / ${s.batches.waitMax.toFixed(1)} | ${s.times.plan.toFixed(2)} | ${s.times.join.toFixed(2)} | ${s.times.gapMean.toFixed(3)} / ${s.times.gapMax.toFixed(2)} | ${(s.times.busy * 100).toFixed(0)}% |`,
    ),
    '',
    'CPU ms per ballot by process during each extractvote run (API: both instances; PostgreSQL: the postmaster and its backends; bench: this script, the client polling every 0.5 s), and the S3 requests the run made:',
    '',
    '| extractvote | workers | workers beyond one core each | API | S3 server | PostgreSQL | bench | all but the workers | S3 requests (per ballot) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...scaling.map((s) => {
      const c = s.run.cpu;
      return `| ${s.workers} worker${s.workers > 1 ? 's' : ''} | ${msPer(c.worker)} | ${(s.run.beyondOneCore * 100).toFixed(1)}% | ${msPer(c.api)} | ${msPer(c.s3)} | ${msPer(c.postgres)} | ${msPer(c.bench)} | ${msPer(c.api + c.s3 + c.postgres + c.bench)} | ${requestsOf(s.run.requests)} (${(total(s.run.requests) / COUNT).toFixed(2)}) |`;
    }),
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
  if (FULL)
    await writeSection(
      `Scale model: the production topology, ${COUNT.toLocaleString('en-US')} ballots`,
      body,
    );
  console.log(body);
} catch (error) {
  if (!(error instanceof ShortRun)) throw error;
} finally {
  clearInterval(loadSampler);
  // A profile is written only by a process that exits by itself.
  for (const proc of procs)
    await stopProc(proc, PROFILE ? 'SIGTERM' : 'SIGKILL').catch(() => undefined);
  await db.end();
  await s3.stop().catch(() => undefined);
  postgres.stop();
  await rm(work, { recursive: true, force: true });
}
