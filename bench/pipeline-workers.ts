// The pipeline through the API on PostgreSQL with worker processes: a generated election with
// planted discrepancies, every stage from precheck to genreport, the report scored against the
// plants; then extractvote again with one worker process and with two, for the speed-up.
// Run: `npm run build`, then `npx tsx bench/pipeline-workers.ts` (BALLOTS=2000 by default;
// acceptance 5 asks BALLOTS=10000, about half an hour on two shared cores). A count other than
// 2,000 writes its own section of RESULTS.md, so the 2,000-ballot figures stay.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import yazl from 'yazl';
import {
  directorySink,
  makeElection,
  writeSyntheticElection,
} from '../packages/audit-core/src/index.js';
import { encodePassword } from '../packages/contracts/src/index.js';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
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
const ADMIN = { email: 'admin@scrutineer.local', password: 'admin-password' };

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

// The session of the bench's Admin. Access tokens live 15 minutes and a 10,000-ballot run takes
// longer, so a refused call spends the refresh token as the web app's client does, and retries.
let session: { access_token: string; refresh_token: string } | null = null;

async function send(method: string, apiPath: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/api${apiPath}`, {
    method,
    headers: {
      ...(session && !apiPath.startsWith('/auth/')
        ? { authorization: `Bearer ${session.access_token}` }
        : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(): Promise<void> {
  const response = await send('POST', '/auth/sign-in', {
    email: ADMIN.email,
    password: encodePassword(ADMIN.password),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  session = (await response.json()) as typeof session;
}

/** Renews the session with its refresh token; signs in again when that is refused too. */
async function renew(): Promise<void> {
  const response = await send('POST', '/auth/refresh', { refresh_token: session?.refresh_token });
  if (response.ok) session = (await response.json()) as typeof session;
  else await signIn();
}

async function call<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
  let response = await send(method, apiPath, body);
  if (response.status === 401 && session) {
    await renew();
    response = await send(method, apiPath, body);
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function upload(electionId: number, name: string, type: string, bytes: Buffer) {
  const started = await call<{ id: number; urls: string[]; chunk_size: number }>('POST', '/files', {
    election_id: electionId,
    file_type: type,
    file_name: name,
    file_size: bytes.length,
  });
  const parts = [];
  for (const [i, url] of started.urls.entries()) {
    const slice = bytes.subarray(i * started.chunk_size, (i + 1) * started.chunk_size);
    const answer = await fetch(new URL(url, server.url), { method: 'PUT', body: slice });
    parts.push({ PartNumber: i + 1, ETag: answer.headers.get('etag') ?? '' });
  }
  await call('PUT', `/files/${started.id}`, { status: 'Uploaded', upload_parts: parts });
}

async function runStage(jobId: number, operation: string, force = false) {
  const t0 = performance.now();
  const launched = await call<{ operation_id: string }>('POST', '/job-operations', {
    job_id: jobId,
    operation,
    force_rebuild: force,
  });
  for (;;) {
    const poll = await call<{
      status: string;
      operation: { result: string; reports: { text: string; url: string }[] };
    }>('GET', `/job-operations/refresh_status/${launched.operation_id}`);
    if (poll.status !== 'RUNNING') {
      if (poll.status !== 'SUCCESS')
        throw new Error(`${operation}: ${poll.status} ${poll.operation.result}`);
      return { seconds: (performance.now() - t0) / 1000, operation: poll.operation };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

try {
  await signIn();
  const district = await call<{ id: number }>('POST', '/districts', {
    country: 'US',
    state_name: 'CA',
    district_name: 'Inyo',
    email: 'clerk@example.org',
  });
  const vote = await call<{ id: number }>('POST', '/elections', {
    name: 'Bench General',
    e_type: 'General',
    privacy: 'Public',
    districtId: district.id,
    date: '11-05-2024',
  });
  const election = makeElection({ seed: 'bench-pipeline' });
  const generating = performance.now();
  const written = await writeSyntheticElection(
    election,
    {
      count: COUNT,
      batchSize: 100,
      misreads: 10,
      missing: 3,
      extra: 3,
      swapBatches: false,
      formats: ['dominion-json'],
    },
    createWriteStream(path.join(work, 'ballots.zip')),
    directorySink(path.join(work, 'cvr')),
  );
  const generated = (performance.now() - generating) / 1000;
  console.log(`generated ${COUNT} ballots in ${generated.toFixed(0)} s`);
  const zip = new yazl.ZipFile();
  for (const name of await readdir(path.join(work, 'cvr')))
    if (!['election.json', 'discrepancies.json', 'truth.jsonl'].includes(name))
      zip.addFile(path.join(work, 'cvr', name), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await upload(vote.id, 'ballots.zip', 'BIA', await readFile(path.join(work, 'ballots.zip')));
  await upload(vote.id, 'cvr-export.zip', 'CVR', Buffer.concat(chunks));
  const job = await call<{ id: number }>('POST', '/audit-jobs', {
    name: 'Bench audit',
    election_id: vote.id,
  });
  // The engine's election definition, as a JSON job file holding `contests`.
  await call('POST', '/job-settings/generate-file', {
    job_id: job.id,
    file_name: 'election.json',
    json_data: election,
    file_type: 'JSON',
  });

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
    const done = await runStage(job.id, stage);
    times.push([stage, done.seconds]);
    console.log(`${stage}: ${done.seconds.toFixed(1)} s`);
    if (stage === 'genreport') report = done.operation.reports;
  }
  const csv = await (
    await fetch(new URL(report.find((r) => r.text === 'Final report (CSV)')?.url ?? '', server.url))
  ).text();
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
  const one = await runStage(job.id, 'extractvote', true);
  console.log(`extractvote, one worker: ${one.seconds.toFixed(1)} s`);
  startWorker();
  const two = await runStage(job.id, 'extractvote', true);
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
