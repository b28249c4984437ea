// Mark reading at scale: the extractvote stage on a generated election of 10,000 ballots (Group 4
// TIFFs in a zip, as a scanner writes them, with vote records in Dominion CSV), against decoding
// the same images alone, in the same run. The stages before it run once in this process; each
// measurement then runs in its own process on one decoding thread, so its CPU time and peak
// memory are its own. Memory is measured on a fifth of the election and on all of it.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  CLEAR_KINDS,
  directorySink,
  FolderStore,
  loadPage,
  makeElection,
  PATHS,
  runStage,
  STAGES,
  writeSyntheticElection,
  type BallotPlan,
} from '../packages/audit-core/src/index.js';
import { joinBatches, runBatch } from '../packages/audit-core/src/stages/index.js';
import { readCsvAll } from '../packages/audit-core/src/stages/context.js';
import { walkImageEntries } from '../packages/audit-core/src/stages/images.js';
import { machineLine, writeSection } from './lib/results.js';

const COUNT = Number(process.env.BENCH_IMAGES ?? 10_000);
const ARCHIVE = 'input/images/ballots.zip';
const self = import.meta.filename;
const extractvote = STAGES.find((s) => s.name === 'extractvote');
if (!extractvote) throw new Error('no extractvote stage');

type Kind = 'decode' | 'extract';

interface Measure {
  ballots: number;
  seconds: number;
  cpuSeconds: number;
  peakMiB: number;
}

/** One measurement, in this (child) process, over the first `to` sheets of the job. */
async function measure(kind: Kind, job: string, to: number): Promise<Measure> {
  sharp.concurrency(1);
  const store = new FolderStore(job);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let ballots = 0;
  if (kind === 'decode') {
    for await (const item of walkImageEntries(store, ARCHIVE)) {
      if (item.type !== 'entry') continue;
      if (ballots >= to) break;
      await loadPage(await item.read());
      ballots += 1;
    }
  } else {
    // As the runner does it: the stage's batches in turn (here in one worker), then the join.
    const count = await extractvote!.batches(store, {});
    const batches = Math.min(count, Math.ceil((to / COUNT) * count));
    for (let index = 0; index < batches; index += 1) {
      const result = await runBatch(extractvote!, store, { index, count });
      if (result.status !== 'SUCCESS') throw new Error(`batch ${index + 1}: ${result.error}`);
    }
    if (batches === count) await joinBatches(extractvote!, store, count);
    const sheets =
      batches === count
        ? await readCsvAll(store, PATHS.votesSheets)
        : (
            await Promise.all(
              Array.from({ length: batches }, (_, index) =>
                readCsvAll(
                  store,
                  `extractvote/batches/sheets-${String(index + 1).padStart(5, '0')}.csv`,
                ),
              ),
            )
          ).flat();
    ballots = sheets.filter((s) => s.status === 'read').length;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    ballots,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakMiB: process.resourceUsage().maxRSS / 1024,
  };
}

function runChild(kind: Kind, job: string, to: number): Measure {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', self, '--measure', kind, job, String(to)],
    { encoding: 'utf8', maxBuffer: 1 << 20, env: { ...process.env, UV_THREADPOOL_SIZE: '1' } },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measure;
}

/** Clear marks read as the ground truth says, and unclear ones read wrong without a gray flag. */
async function score(job: string, store: FolderStore) {
  const truth = new Map<string, BallotPlan>();
  for (const line of (await readFile(path.join(job, 'truth/truth.jsonl'), 'utf8'))
    .trim()
    .split('\n')) {
    const plan = JSON.parse(line) as BallotPlan;
    truth.set(plan.id, plan);
  }
  let clear = 0;
  let clearRight = 0;
  let unclear = 0;
  let unclearWrong = 0;
  for (const t of await readCsvAll(store, PATHS.votesTargets)) {
    const target = truth.get(t.sheet_id ?? '')?.targets.find((x) => x.optionId === t.option_id);
    if (!target) continue;
    const right = (t.decision === 'vote') === target.isIntended;
    if (CLEAR_KINDS.includes(target.kind)) {
      clear += 1;
      if (right && t.decision !== 'gray') clearRight += 1;
    } else {
      unclear += 1;
      if (!right && t.decision !== 'gray') unclearWrong += 1;
    }
  }
  const sheets = await readCsvAll(store, PATHS.votesSheets);
  const byImage = sheets.filter((s) => s.style_source === 'image').length;
  return { clear, clearRight, unclear, unclearWrong, byImage, sheets: sheets.length };
}

async function main(): Promise<void> {
  const job = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-extract-'));
  try {
    const election = makeElection({ seed: 'bench-extractvote' });
    await mkdir(path.join(job, 'input/images'), { recursive: true });
    await mkdir(path.join(job, 'input/cvr'), { recursive: true });
    let started = performance.now();
    await writeSyntheticElection(
      election,
      {
        count: COUNT,
        batchSize: 100,
        formats: ['dominion-csv'],
        onProgress: ({ done }) => done % 1000 === 0 && console.log(`${done} drawn`),
      },
      createWriteStream(path.join(job, ARCHIVE)),
      directorySink(path.join(job, 'truth')),
    );
    await rename(
      path.join(job, 'truth/CVR_Export.csv'),
      path.join(job, 'input/cvr/CVR_Export.csv'),
    );
    const drawn = (performance.now() - started) / 1000;
    const store = new FolderStore(job);
    await store.write(PATHS.election, JSON.stringify(election));
    started = performance.now();
    for (const stage of STAGES.slice(0, 4)) {
      const result = await runStage(stage, store, {});
      if (result.status !== 'SUCCESS') throw new Error(`${stage.name}: ${result.error}`);
    }
    const before = (performance.now() - started) / 1000;
    console.log(
      `${COUNT} ballots drawn in ${drawn.toFixed(0)} s, stages to gentemplates ${before.toFixed(0)} s`,
    );

    const part = Math.round(COUNT / 5);
    const rows: string[] = [];
    const results: Record<string, Measure> = {};
    for (const [label, kind, to] of [
      ['decode alone', 'decode', part],
      ['extractvote', 'extract', part],
      ['decode alone', 'decode', COUNT],
      ['extractvote', 'extract', COUNT],
    ] as const) {
      const m = runChild(kind, job, to);
      results[`${kind}-${to}`] = m;
      if (m.ballots < to * 0.99) throw new Error(`${label}: ${m.ballots} of ${to} read`);
      rows.push(
        `| ${label} | ${m.ballots.toLocaleString('en')} | ${(m.ballots / m.seconds).toFixed(1)} | ` +
          `${(m.ballots / m.cpuSeconds).toFixed(1)} | ${((1000 * m.cpuSeconds) / m.ballots).toFixed(1)} | ` +
          `${m.peakMiB.toFixed(0)} |`,
      );
      console.log(rows.at(-1));
    }
    const perCore = (m: Measure) => m.ballots / m.cpuSeconds;
    const decode = results[`decode-${COUNT}`] as Measure;
    const extract = results[`extract-${COUNT}`] as Measure;
    const small = results[`extract-${part}`] as Measure;
    const ratio = perCore(extract) / perCore(decode);
    const s = await score(job, store);
    await writeSection(
      'Audit engine: extractvote',
      `Run: \`npx tsx bench/audit-extractvote.ts\` (\`BENCH_IMAGES=${COUNT}\`). A generated election of ${COUNT.toLocaleString('en')} ballots (3 styles, 200 dpi, skewed and noisy Group 4 TIFF scans, people's marks of every kind, records in Dominion CSV with batches of 100 and a swapped pair of batches) is drawn into a temporary job folder (${drawn.toFixed(0)} s) and taken through precheck, gen_bif, genstyles and gentemplates (${before.toFixed(0)} s). Then, each in a fresh process with one decoding thread (\`UV_THREADPOOL_SIZE=1\`, \`sharp.concurrency(1)\`): **decode alone** streams the archive from the job's storage and decodes every page to greyscale; **extractvote** runs the stage as a worker does, batch by batch (500 sheets each) and then the join: each page is decoded, registered on its record's style (or, where that is not sure, matched against every style), every target measured and decided, and the batch's rows written. Per core = ballots per CPU-second (user + system) of the process. The folder is removed afterwards.
${machineLine()} Load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on 2 cores shared with other work.

| run | ballots | ballots/s | ballots/s per core | CPU ms per ballot | peak MiB |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Ratio of extractvote to decoding alone, ballots per second per core: **${ratio.toFixed(2)}** (aim: at least 0.5). Peak memory of extractvote on ${COUNT.toLocaleString('en')} ballots over ${part.toLocaleString('en')}: **${(extract.peakMiB / small.peakMiB).toFixed(2)}** (the archive is read entry by entry by byte ranges, and each batch's rows are written before the next). Clear marks read as the ground truth says: ${((100 * s.clearRight) / Math.max(1, s.clear)).toFixed(2)}% of ${s.clear.toLocaleString('en')}; light, stray, check, X and erasure marks read wrong without a gray flag: ${s.unclearWrong} of ${s.unclear.toLocaleString('en')}. Sheets read on the style their image showed rather than their record's: ${s.byImage} of ${s.sheets.toLocaleString('en')}.`,
    );
  } finally {
    await rm(job, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') {
  const result = await measure(
    process.argv[3] as Kind,
    process.argv[4] as string,
    Number(process.argv[5]),
  );
  console.log(JSON.stringify(result));
} else {
  await main();
}
