// The pipeline through the API on PostgreSQL with worker processes: a generated election with
// planted discrepancies, every stage from precheck to genreport, the report scored against the
// plants; then extractvote again with one worker process and with two, for the speed-up.
// Run: `npm run build`, then `npx tsx bench/pipeline-workers.ts` (BALLOTS=2000 by default;
// acceptance 5 asks BALLOTS=10000, about half an hour on two shared cores). A count other than
// 2,000 writes its own section of RESULTS.md, so the 2,000-ballot figures stay.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { BenchClient, seedBenchJob } from './lib/pipeline-api.js';
import { machineLine, writeSection } from './lib/results.js';
import { repoRoot, SERVER_NODE_FLAGS, startBuiltServer } from './lib/server.js';

const COUNT = Number(process.env.BALLOTS ?? 2000);
const BATCH = Number(process.env.BATCH_SIZE ?? 100);
const TITLE =
  COUNT === 2000
    ? 'Pipeline through the API with worker processes'
    : `Pipeline through the API with worker processes: ${COUNT.toLocaleString('en-US')} ballots`;
// Two cores shared with other work: the load around the run says how far the figures can be trusted.
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loadAtStart = load();

const work = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-pipeline-'));
const postgres = await startPostgres();
const dataDir = path.join(work, 'data');
const env = {
  DATABASE_URL: postgres.url,
  DATA_DIR: dataDir,
  PIPELINE_WORKERS: '0',
  PIPELINE_BATCH_SIZE: String(BATCH),
  SEED_DEMO_ELECTION: 'false',
  LOG_LEVEL: 'warn',
};
const server = await startBuiltServer(await freePort(), env);
const workers: ChildProcess[] = [];
const startWorker = () => {
  const child = spawn(
    'node',
    [...SERVER_NODE_FLAGS, path.join(repoRoot, 'apps/server/dist/worker.js')],
    {
      env: { ...process.env, ...env, PIPELINE_WORKERS: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  workers.push(child);
  return child;
};
const stopWorkers = async () => {
  for (const child of workers.splice(0)) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
};

const client = new BenchClient(() => [server.url]);

try {
  await client.signIn();
  const {
    jobId,
    written,
    generatedSeconds: generated,
  } = await seedBenchJob(client, {
    work,
    count: COUNT,
    seed: 'bench-pipeline',
    district: 'Inyo',
    name: 'Bench',
  });
  const job = { id: jobId };

  for (let i = 0; i < Number(process.env.MAIN_WORKERS ?? 2); i += 1) startWorker();
  const times: [string, number][] = [];
  let report: { text: string; url: string }[] = [];
  for (const stage of [
    'precheck',
    'gen_bif',
    'genstyles',
    'gentemplates',
    'extractvote',
    'cmpcvr',
    'adjudicate',
    'genreport',
  ]) {
    const done = await client.runStage(job.id, stage);
    times.push([stage, done.seconds]);
    console.log(`${stage}: ${done.seconds.toFixed(1)} s`);
    if (stage === 'genreport') report = done.operation.reports;
  }
  const csv = await client.fetchText(
    report.find((r) => r.text === 'Final report (CSV)')?.url ?? '',
  );
  const rows = parse<Record<string, string>>(csv, { columns: true }).filter(
    (r) => r.section === 'disagreement',
  );
  const found = rows.length;
  const key = (kind: string, sheet: string, contest: string) => `${kind} ${sheet} ${contest}`;
  const planted = new Set(
    written.planted.map((p) =>
      p.kind === 'misread'
        ? key('Normal Disagreed', p.ballotId, p.contestId)
        : 'ballotId' in p
          ? key(p.kind === 'missing-record' ? 'No CVR' : 'No Image', p.ballotId, '')
          : `Swapped Batch ${p.batches.join(' ')}`,
    ),
  );
  const hit = rows.filter((r) =>
    planted.has(key(r.kind ?? '', r.sheet_id ?? '', r.contest_id ?? '')),
  ).length;
  // Anything found beyond the plants is a misreading or a lost record: show it to look into.
  for (const r of rows.filter(
    (r) => !planted.has(key(r.kind ?? '', r.sheet_id ?? '', r.contest_id ?? '')),
  ))
    console.log('not planted:', JSON.stringify(r));
  const kinds = new Map<string, number>();
  for (const r of rows) kinds.set(r.kind ?? '', (kinds.get(r.kind ?? '') ?? 0) + 1);

  await stopWorkers();
  startWorker();
  const one = await client.runStage(job.id, 'extractvote', true);
  console.log(`extractvote, one worker: ${one.seconds.toFixed(1)} s`);
  startWorker();
  const two = await client.runStage(job.id, 'extractvote', true);
  console.log(`extractvote, two workers: ${two.seconds.toFixed(1)} s`);
  await stopWorkers();
  const body = [
    `Run: \`npm run build && npx tsx bench/pipeline-workers.ts\` (BALLOTS=${COUNT}, batches of ${BATCH} sheets; PostgreSQL, the API with no workers of its own, \`npm run worker\` processes).`,
    machineLine(),
    `Load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${load()} — 2 cores shared with other work. Generating the ${COUNT} ballots took ${generated.toFixed(0)} s.`,
    '',
    '| stage (2 worker processes) | seconds |',
    '|---|---|',
    ...times.map(([s, t]) => `| ${s} | ${t.toFixed(1)} |`),
    '',
    `Disagreements in the final report: **${found}** (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}); planted: **${written.planted.length}**, of which found: **${hit}**.`,
    `extractvote with one worker process: ${one.seconds.toFixed(1)} s (${(COUNT / one.seconds).toFixed(1)} sheets/s); with two: ${two.seconds.toFixed(1)} s (${(COUNT / two.seconds).toFixed(1)} sheets/s): speed-up **${(one.seconds / two.seconds).toFixed(2)}×** on 2 shared cores.`,
  ].join('\n');
  await writeSection(TITLE, body);
  console.log(body);
} finally {
  await stopWorkers();
  await server.stop();
  postgres.stop();
  await rm(work, { recursive: true, force: true });
}
