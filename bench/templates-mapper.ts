/// <reference lib="dom" />
// The Templates screen and the target mapper in Chromium with a 300 dpi template and 200
// targets, against the same screens with a 100 dpi template and 20 targets in the same run:
// opening the mapper, dragging a box, and saving the map.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import yazl from 'yazl';
import { directorySink, makeElection, writeSyntheticElection } from '@scrutineer/audit-core';
import { callApi, signIn } from './lib/part-upload.js';
import { machineLine, writeSection } from './lib/results.js';
import { startBuiltServer } from './lib/server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MOVES = 40;
const CASES = [
  { name: '100 dpi, 20 targets', dpi: 100, targets: 20 },
  { name: '300 dpi, 200 targets', dpi: 300, targets: 200 },
];

async function zip(files: [string, Buffer][]): Promise<Buffer> {
  const out = new yazl.ZipFile();
  for (const [name, content] of files) out.addBuffer(content, name);
  out.end();
  const chunks: Buffer[] = [];
  for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One style's ballots at a resolution, and their Dominion JSON export. */
async function generate(dpi: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-mapper-'));
  try {
    const election = makeElection({ seed: `mapper-${dpi}`, styles: 1, precincts: 1 });
    await writeSyntheticElection(
      election,
      { count: 4, dpi, batchSize: 10, swapBatches: false, formats: ['dominion-json'] },
      createWriteStream(path.join(dir, 'ballots.zip')),
      directorySink(path.join(dir, 'cvr')),
    );
    const skip = new Set(['election.json', 'discrepancies.json', 'truth.jsonl']);
    const names = (await readdir(path.join(dir, 'cvr'))).filter((n) => !skip.has(n));
    const files = await Promise.all(
      names.map(async (n): Promise<[string, Buffer]> => [
        n,
        await readFile(path.join(dir, 'cvr', n)),
      ]),
    );
    return { images: await readFile(path.join(dir, 'ballots.zip')), cvr: await zip(files) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function upload(url: string, token: string, electionId: number, type: string, bytes: Buffer) {
  const started = await callApi<{ id: number; urls: string[] }>(url, 'POST', '/files', token, {
    election_id: electionId,
    file_name: `${type.toLowerCase()}.zip`,
    file_type: type,
    file_size: bytes.length,
  });
  const size = started.urls.length > 1 ? 32 * 1024 * 1024 : bytes.length;
  const parts = [];
  for (const [index, part] of started.urls.entries()) {
    const put = await fetch(new URL(part, url), {
      method: 'PUT',
      body: new Uint8Array(bytes.subarray(index * size, (index + 1) * size)),
    });
    parts.push({ PartNumber: index + 1, ETag: put.headers.get('etag') ?? '' });
  }
  await callApi(url, 'PUT', `/files/${started.id}`, token, {
    status: 'Uploaded',
    upload_parts: parts,
  });
}

async function runStage(url: string, token: string, jobId: number, operation: string) {
  const { operation_id: id } = await callApi<{ operation_id: string }>(
    url,
    'POST',
    '/job-operations',
    token,
    { job_id: jobId, operation },
  );
  for (;;) {
    const poll = await callApi<{ status: string }>(
      url,
      'GET',
      `/job-operations/refresh_status/${id}`,
      token,
    );
    if (poll.status !== 'RUNNING') return poll.status;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A job whose one style has a template at `dpi` and a saved map of `count` boxes on a grid. */
async function makeJob(url: string, token: string, districtId: number, dpi: number, count: number) {
  const election = await callApi<{ id: number }>(url, 'POST', '/elections', token, {
    name: `Mapper bench ${dpi} dpi`,
    districtId,
    // One election per date in a district.
    date: dpi === 300 ? '11-05-2024' : '11-06-2024',
  });
  const { images, cvr } = await generate(dpi);
  await upload(url, token, election.id, 'BIA', images);
  await upload(url, token, election.id, 'CVR', cvr);
  const job = await callApi<{ id: number }>(url, 'POST', '/audit-jobs', token, {
    name: `Mapper bench ${dpi} dpi`,
    election_id: election.id,
  });
  for (const stage of ['precheck', 'gen_bif', 'genstyles', 'gentemplates'])
    await runStage(url, token, job.id, stage);
  const list = await callApi<{ styles: { style: string; width: number; height: number }[] }>(
    url,
    'GET',
    `/job-templates/${job.id}`,
    token,
  );
  const style = list.styles[0];
  if (!style) throw new Error(`no template at ${dpi} dpi`);
  // Boxes of a target's size (0.16 × 0.1 inch) in ten columns down the page.
  const [w, h] = [Math.round(dpi * 0.16), Math.round(dpi * 0.1)];
  const targets = Array.from({ length: count }, (_, i) => ({
    x: Math.round(((i % 10) + 0.5) * (style.width / 10.5)),
    y: Math.round((Math.floor(i / 10) + 1) * (style.height / (count / 10 + 2))),
    width: w,
    height: h,
    contest_id: `C${Math.floor(i / 4) + 1}`,
    option_id: `C${Math.floor(i / 4) + 1}-${(i % 4) + 1}`,
  }));
  await callApi(url, 'PUT', `/job-templates/${job.id}/${style.style}`, token, { targets });
  return { jobId: job.id, style: style.style, count };
}

type Clock = { t0: number };

/** Milliseconds from a click until the frame after the page shows what `ready` checks. */
async function timed(
  page: Page,
  click: () => Promise<void>,
  ready: (count: number) => boolean,
  count: number,
): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as Clock).t0 = performance.now();
  });
  await click();
  await page.waitForFunction(ready, count, { polling: 'raf' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(performance.now() - (window as unknown as Clock).t0)),
      ),
  );
}

const mapperShows = (count: number) =>
  document.querySelectorAll('[data-testid="mapper"] [data-testid^="box-"]').length === count &&
  document.querySelector('[data-testid="mapper"] image') !== null;
const savedShows = () =>
  [...document.querySelectorAll('[role="alert"]')].some((e) =>
    (e.textContent ?? '').startsWith('Target map saved'),
  );

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function measure(
  page: Page,
  url: string,
  job: { jobId: number; style: string; count: number },
) {
  await page.goto(`${url}/audit-jobs/${job.jobId}`);
  await page.getByRole('tab', { name: 'Templates' }).click();
  const card = page.getByTestId(`style-${job.style}`);
  await card.locator('image').waitFor();
  const open: number[] = [];
  const drag: number[] = [];
  const save: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const openMapper = () => card.getByRole('button', { name: 'Map targets' }).click();
    open.push(await timed(page, openMapper, mapperShows, job.count));
    // A drag of the first box: each pointer move until the frame that shows it.
    const box = page.getByTestId('box-0').locator('rect').first();
    const at = (await box.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    const start = await page.evaluate(() => performance.now());
    for (let i = 1; i <= MOVES; i += 1) {
      await page.mouse.move(at.x + at.width / 2 + i, at.y + at.height / 2 + (i % 3));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    drag.push(((await page.evaluate(() => performance.now())) - start) / MOVES);
    await page.mouse.up();
    const saveMap = () => page.getByRole('button', { name: 'Save map' }).click();
    save.push(await timed(page, saveMap, savedShows, 0));
    await page.getByRole('button', { name: 'Back to templates' }).click();
    await card.locator('image').waitFor();
  }
  return { open: median(open), drag: median(drag), save: median(save) };
}

const server = await startBuiltServer(3931, { SIGNIN_RATE_LIMIT_MAX: '1000' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const token = await signIn(server.url, 'admin@scrutineer.local', 'admin-password');
  const district = await callApi<{ id: number }>(server.url, 'POST', '/districts', token, {
    country: 'US',
    state_name: 'CA',
    district_name: 'Sonoma',
    email: 'elections@sonoma.example.org',
  });
  const jobs = [];
  for (const c of CASES) jobs.push(await makeJob(server.url, token, district.id, c.dpi, c.targets));
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/session/login`);
  await page.getByLabel('Email').fill('admin@scrutineer.local');
  await page.getByLabel('Password').fill('admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/home$/);
  const results = [];
  for (const job of jobs) results.push(await measure(page, server.url, job));
  const [small, large] = results;
  if (!small || !large) throw new Error('a case did not run');
  const row = (name: string, r: typeof small) =>
    `| ${name} | ${r.open.toFixed(0)} | ${r.drag.toFixed(1)} | ${r.save.toFixed(0)} |`;
  const ratio = (k: keyof typeof small) => (large[k] / small[k]).toFixed(2);
  const body = `Run: \`npm run build && npm run build -w apps/web && npx tsx bench/templates-mapper.ts\` (Debian Chromium, headless, 1280 × 800; the built server on the embedded PGlite; median of ${ROUNDS} rounds).
${machineLine()}

| template | open the mapper, ms | drag, ms per pointer move to frame | save, ms |
| --- | --- | --- | --- |
${row(CASES[0]?.name ?? '', small)}
${row(CASES[1]?.name ?? '', large)}

Ratios of the 300 dpi, 200-target screen to the 100 dpi, 20-target one in the same run: open **${ratio('open')}**, drag **${ratio('drag')}**, save **${ratio('save')}**. "Open" runs from the click on Map targets to the frame that shows every box over the template image (its bytes cached from the Templates card); "save" from the click on Save map to the frame that shows the server's answer. Each pointer move of a drag includes Playwright's round trip to the page, so that column reads as "no slower", not as a frame time; the save includes the server's check of every box and the refetch of the map and list. Run while other tests shared the machine's two cores.`;
  console.log(body);
  await writeSection('Templates screen and target mapper: 300 dpi, 200 targets', body);
} finally {
  await browser.close();
  await server.stop();
}
