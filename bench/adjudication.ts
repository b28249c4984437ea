// The adjudication queue at 10,000 items: the next item a person may decide and its crop,
// fetched one after another as the ballot viewer does, against the health route in the same
// run, on the embedded PGlite.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import sharp from 'sharp';
import { machineLine, writeSection } from './lib/results.js';
import { startBuiltServer } from './lib/server.js';

const ITEMS = 10_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-adjudication-'));
const env = { DATA_DIR: dataDir, SIGNIN_RATE_LIMIT_MAX: '1000' };
try {
  // First start migrates and seeds the demo job; then the queue is filled beside it.
  await (await startBuiltServer(3923, env)).stop();
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  const job = await db.query<{ id: number; address: string }>(
    "SELECT id, address FROM audit_jobs WHERE name = 'Mono demo audit'",
  );
  const { id: jobId, address } = job.rows[0] ?? { id: 0, address: '' };
  await db.exec(`INSERT INTO adjudications
      (job_id, kind, sheet_id, contest_id, image_votes, cvr_votes, archive, entry, crop_key,
       page_key, batch, style, state, targets)
    SELECT ${jobId}, CASE WHEN g % 10 = 0 THEN 'Gray' ELSE 'Normal Disagreed' END,
      'B' || (g / 100) || '-' || g, 'contest-' || (g % 12), 'opt-1', 'opt-2', 'ballots.zip',
      'b' || g || '.tif', 'adjudicate/crops/' || (g % 50) || '.png',
      'adjudicate/pages/' || (g % 50) || '.png', 'B' || (g / 100), 'style-' || (g % 7),
      CASE WHEN g % 3 = 0 THEN 'decided' ELSE 'open' END,
      jsonb_build_array(jsonb_build_object('contest_id', 'contest-' || (g % 12),
        'option_id', 'opt-1', 'x', 300, 'y', 400, 'fill', 0.42, 'decision', 'gray'))
    FROM generate_series(1, ${ITEMS}) g`);
  await db.exec('ANALYZE');
  await db.close();
  // Fifty real crops (PNG, 600×180) in the job's blob store, as the adjudicate stage writes them.
  const crops = path.join(dataDir, 'blobs', 'objects', address || `jobs/${jobId}`, 'pipeline');
  await mkdir(path.join(crops, 'adjudicate', 'crops'), { recursive: true });
  for (let i = 0; i < 50; i += 1) {
    const png = await sharp({
      create: { width: 600, height: 180, channels: 3, background: { r: 240, g: 240, b: 240 } },
    })
      .greyscale()
      .png()
      .toBuffer();
    await writeFile(path.join(crops, 'adjudicate', 'crops', `${i}.png`), png);
  }

  const server = await startBuiltServer(3923, env);
  try {
    const token = await signIn(server.url, 'admin@scrutineer.local', 'admin-password');
    const auth = { authorization: `Bearer ${token}` };
    const health: number[] = [];
    const next: number[] = [];
    const decideTimes: number[] = [];
    for (let i = 0; i < 50; i += 1) await fetch(`${server.url}/api/health`);
    for (let i = 0; i < SAMPLES; i += 1) {
      let started = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      health.push(performance.now() - started);
      // A position spread over the whole queue, as people working side by side would be.
      const after = Math.floor((i * 7919) % ITEMS);
      started = performance.now();
      const answer = await fetch(
        `${server.url}/api/job-operations/adjudications/${jobId}/next?after=${after}`,
        { headers: auth },
      );
      const body = (await answer.json()) as { item: { id: number; crop_url: string } | null };
      if (!body.item) throw new Error(`no next item after ${after}`);
      const crop = await fetch(`${server.url}${body.item.crop_url}`);
      if (crop.headers.get('content-type') !== 'image/png') throw new Error('the crop is no PNG');
      await crop.arrayBuffer();
      next.push(performance.now() - started);
      if (i % 4 === 0) {
        started = performance.now();
        const saved = await fetch(
          `${server.url}/api/job-operations/adjudications/${jobId}/${body.item.id}`,
          {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ decision: 'image', note: 'bench' }),
          },
        );
        if (!saved.ok) throw new Error(`decision refused: ${await saved.text()}`);
        decideTimes.push(performance.now() - started);
      }
    }
    const h = summary(health);
    const n = summary(next);
    const d = summary(decideTimes);
    const fmt = (x: number) => x.toFixed(1);
    const table = [
      `| GET /api/health (baseline) | ${health.length} | ${fmt(h.p50)} | ${fmt(h.p95)} | ${fmt(h.p99)} |`,
      `| next item + its crop | ${next.length} | ${fmt(n.p50)} | ${fmt(n.p95)} | ${fmt(n.p99)} |`,
      `| PUT decision | ${decideTimes.length} | ${fmt(d.p50)} | ${fmt(d.p95)} | ${fmt(d.p99)} |`,
    ].join('\n');
    await writeSection(
      'Adjudication queue: next item and its crop at 10,000 items',
      `Run: \`npx tsc -b && npx tsx bench/adjudication.ts\` (the built server on the embedded PGlite, log level warn; one request at a time as one ballot viewer makes them). The script fills the demo job's queue with ${ITEMS.toLocaleString('en-US')} items (a third decided) with \`INSERT … SELECT generate_series\` and writes 50 real PNG crops into the job's blob store; each sample asks for the next item after a position spread over the whole queue and then loads its crop through its signed link; every fourth sample records a decision.
${machineLine()}

| call | samples | p50 ms | p95 ms | p99 ms |
|---|---|---|---|---|
${table}

The issue's bar is < 200 ms at the 95th percentile for the next item and its crops: **${fmt(n.p95)} ms**, ${fmt(n.p95 / Math.max(h.p95, 0.1))}× the health route's p95 in the same run. The next item is one index walk on (job, state, id) with a NOT EXISTS probe of the caller's reviews (unique on item, user); the item's reviews and decider's name are two more indexed reads.`,
    );
    console.log(table);
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
