// Mark reading at scale: the extractvote stage on a generated election of 10,000 ballots (Group 4
// TIFFs in a zip, as a scanner writes them, with vote records in Dominion CSV), against decoding
// the same images alone, in the same run. The stages before it run once in this process; each
// measurement then runs in its own process on one decoding thread, so its CPU time and peak
// memory are its own. Memory is measured on a fifth of the election and on all of it.
import { execFileSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  directorySink,
  FolderStore,
  countPages,
  loadPage,
  makeElection,
  PATHS,
  runStage,
  STAGES,
  writeSyntheticElection,
} from '../packages/audit-core/src/index.js';
import {
  joinBatches,
  runBatch,
  type StageDefinition,
} from '../packages/audit-core/src/stages/index.js';
import { readCsvAll } from '../packages/audit-core/src/stages/context.js';
import { walkImageEntries } from '../packages/audit-core/src/stages/images.js';
import { readTruth, scoreMarks } from './lib/marks-score.js';
import { machineLine, writeSection } from './lib/results.js';

const COUNT = Number(process.env.BENCH_IMAGES ?? 10_000);
/**
 * `timing` (edge timing marks, bilevel TIFF), `hart` (corner marks, boxes, greyscale),
 * `arrow` (edge timing marks, connect-the-arrow targets, bilevel TIFF), `corner-ovals`
 * (Dominion ImageCast-like: corner marks, no timing marks, bilevel TIFF) or `two-sided` (edge
 * timing marks on both sides of the sheet, both in one bilevel TIFF).
 */
const FAMILIES = ['timing', 'hart', 'arrow', 'corner-ovals', 'two-sided'] as const;
const FAMILY: (typeof FAMILIES)[number] =
  FAMILIES.find((f) => f === process.env.BENCH_FAMILY) ?? 'timing';
if (process.env.BENCH_FAMILY && process.env.BENCH_FAMILY !== FAMILY)
  throw new Error(`BENCH_FAMILY: ${process.env.BENCH_FAMILY} (one of ${FAMILIES.join(', ')})`);
/** Each family's section title and how its sheets are printed and scanned. */
const DESCRIBED: Record<(typeof FAMILIES)[number], { title: string; sheets: string }> = {
  timing: { title: 'Audit engine: extractvote', sheets: 'skewed and noisy Group 4 TIFF scans' },
  hart: {
    title: 'Audit engine: extractvote, Hart-like family',
    sheets:
      'two-sided Hart-like sheets (corner marks, a style barcode, 0.34 × 0.18 in boxes, no timing marks), skewed and noisy greyscale scans, both sides in one deflate TIFF',
  },
  arrow: {
    title: 'Audit engine: extractvote, connect-the-arrow family',
    sheets:
      'Optech-like sheets (timing marks down both edges, a broken arrow per option), skewed and noisy Group 4 TIFF scans',
  },
  'corner-ovals': {
    title: 'Audit engine: extractvote, corner-ovals family',
    sheets:
      'Dominion ImageCast-like sheets (solid corner marks, no timing marks, ovals left of each choice, the filled example oval in line with them), skewed and noisy Group 4 TIFF scans',
  },
  'two-sided': {
    title: 'Audit engine: extractvote, two-sided timing-mark family',
    sheets:
      'timing-mark sheets printed on both sides, skewed and noisy Group 4 scans, both sides in one TIFF',
  },
};
/**
 * A folder to keep the generated job in and take it from on the next run (drawing and the
 * stages before extractvote take minutes); by default a temporary folder, removed afterwards.
 */
const KEEP = process.env.BENCH_JOB;
const ARCHIVE = 'input/images/ballots.zip';
/** What a kept job folder was made for, and how long making it took. */
const PREPARED = 'bench-prepared.json';
const self = import.meta.filename;
const extractvote = STAGES.find((s) => s.name === 'extractvote');
if (!extractvote) throw new Error('no extractvote stage');

interface Measure {
  ballots: number;
  /** Seconds and CPU seconds decoding alone, then the stage, each summed over the batches. */
  decodeSeconds: number;
  decodeCpu: number;
  extractSeconds: number;
  extractCpu: number;
  peakMiB: number;
}

const cpuNow = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

/**
 * One measurement, in this (child) process, over the stage's first batches up to `to` sheets:
 * each batch's images are first decoded alone, then the batch is run as a worker runs it. The
 * two take turns batch by batch, so both meet the same machine (other work on shared cores
 * changes CPU time per ballot by a third over minutes).
 */
async function measure(job: string, to: number): Promise<Measure> {
  sharp.concurrency(1);
  const store = new FolderStore(job);
  const stage = extractvote as StageDefinition;
  const rows = (await readCsvAll(store, PATHS.bif)).filter((r) => r.has_image === 'true');
  const count = await stage.batches(store, {});
  const size = Math.ceil(rows.length / count);
  const batches = Math.min(count, Math.ceil(to / size));
  const m: Measure = {
    ballots: 0,
    decodeSeconds: 0,
    decodeCpu: 0,
    extractSeconds: 0,
    extractCpu: 0,
    peakMiB: 0,
  };
  for (let index = 0; index < batches; index += 1) {
    const wanted = new Set(
      rows.slice(index * size, (index + 1) * size).map((r) => Number(r.entry_index)),
    );
    let cpu = cpuNow();
    let started = performance.now();
    for await (const item of walkImageEntries(store, ARCHIVE, (i) => wanted.has(i))) {
      if (item.type !== 'entry') continue;
      // Every side of a sheet, as extractvote reads them all.
      const bytes = await item.read();
      const pages = await countPages(bytes);
      for (let page = 0; page < pages; page += 1) await loadPage(bytes, { page });
    }
    m.decodeSeconds += (performance.now() - started) / 1000;
    m.decodeCpu += cpuNow() - cpu;
    cpu = cpuNow();
    started = performance.now();
    const result = await runBatch(stage, store, { index, count });
    if (result.status !== 'SUCCESS') throw new Error(`batch ${index + 1}: ${result.error}`);
    m.extractSeconds += (performance.now() - started) / 1000;
    m.extractCpu += cpuNow() - cpu;
    // A stage of one batch writes its outputs in place; more write one file a batch.
    const sheets = await readCsvAll(
      store,
      count === 1
        ? PATHS.votesSheets
        : `extractvote/batches/sheets-${String(index + 1).padStart(5, '0')}.csv`,
    );
    m.ballots += sheets.filter((sheet) => sheet.status === 'read').length;
  }
  if (batches === count) await joinBatches(stage, store, count);
  // VmHWM, not getrusage: a spawned child's maxrss starts at its parent's at the fork.
  const status = await readFile('/proc/self/status', 'utf8');
  m.peakMiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  return m;
}

/**
 * The V8 flags a worker process is started with (`npm run worker`): the stage is measured as a
 * worker runs it. Without the old generation's floor, the pages the decoder hands over (memory
 * outside the heap, counted against the heap's room) start a full collection every sheet or two.
 */
const WORKER_FLAGS = workerFlags();

function workerFlags(): string[] {
  const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = (root.scripts.worker ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
  if (flags.length === 0) throw new Error('package.json: no V8 flags in scripts.worker');
  return flags;
}

function runChild(job: string, to: number): Measure {
  const out = execFileSync(
    process.execPath,
    [...WORKER_FLAGS, '--import', 'tsx', self, '--measure', job, String(to)],
    { encoding: 'utf8', maxBuffer: 1 << 20, env: { ...process.env, UV_THREADPOOL_SIZE: '1' } },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measure;
}

/** Marks against the ground truth, and the sheets read on the style their image showed. */
async function score(job: string, store: FolderStore) {
  const marks = await scoreMarks(store, await readTruth(job));
  const sheets = await readCsvAll(store, PATHS.votesSheets);
  const byImage = sheets.filter((s) => s.style_source === 'image').length;
  return { ...marks, byImage, sheets: sheets.length };
}

interface Prepared {
  family: string;
  count: number;
  /** Seconds drawing the election, then running the stages before extractvote. */
  drawn: number;
  before: number;
}

/** Draws the election into `job` and runs the stages before extractvote on it. */
async function prepare(job: string, store: FolderStore): Promise<Prepared> {
  const election =
    FAMILY === 'timing'
      ? makeElection({ seed: 'bench-extractvote' })
      : FAMILY === 'two-sided'
        ? makeElection({ seed: 'bench-extractvote-two-sided', sides: 2, contests: 8 })
        : makeElection({ seed: `bench-extractvote-${FAMILY}`, family: FAMILY, contests: 8 });
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
  await rename(path.join(job, 'truth/CVR_Export.csv'), path.join(job, 'input/cvr/CVR_Export.csv'));
  const drawn = (performance.now() - started) / 1000;
  await store.write(PATHS.election, JSON.stringify(election));
  started = performance.now();
  for (const stage of STAGES.slice(0, 4)) {
    const result = await runStage(stage, store, {});
    if (result.status !== 'SUCCESS') throw new Error(`${stage.name}: ${result.error}`);
  }
  const before = (performance.now() - started) / 1000;
  return { family: FAMILY, count: COUNT, drawn, before };
}

/** A kept job of this family and size, when `BENCH_JOB` names one an earlier run prepared. */
async function preparedBefore(job: string): Promise<Prepared | undefined> {
  const text = await readFile(path.join(job, PREPARED), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const prepared = JSON.parse(text) as Prepared;
  if (prepared.family !== FAMILY || prepared.count !== COUNT)
    throw new Error(
      `${job} holds ${prepared.count} ballots of the ${prepared.family} family, not ${COUNT} of ${FAMILY}`,
    );
  return prepared;
}

async function main(): Promise<void> {
  const job = KEEP
    ? path.resolve(KEEP)
    : await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-extract-'));
  try {
    const store = new FolderStore(job);
    const kept = KEEP ? await preparedBefore(job) : undefined;
    const { drawn, before } = kept ?? (await prepare(job, store));
    if (KEEP && !kept)
      await writeFile(
        path.join(job, PREPARED),
        JSON.stringify({ family: FAMILY, count: COUNT, drawn, before }),
      );
    console.log(
      `${COUNT} ballots drawn in ${drawn.toFixed(0)} s, stages to gentemplates ${before.toFixed(0)} s${kept ? ' (kept from an earlier run)' : ''}`,
    );

    const part = Math.round(COUNT / 5);
    const rows: string[] = [];
    const results: Measure[] = [];
    for (const to of [part, COUNT]) {
      const m = runChild(job, to);
      results.push(m);
      if (m.ballots < to * 0.99) throw new Error(`${m.ballots} of ${to} read`);
      const line = (label: string, seconds: number, cpu: number) =>
        `| ${label} | ${m.ballots.toLocaleString('en')} | ${(m.ballots / seconds).toFixed(1)} | ` +
        `${(m.ballots / cpu).toFixed(1)} | ${((1000 * cpu) / m.ballots).toFixed(1)} |`;
      rows.push(line('decode alone', m.decodeSeconds, m.decodeCpu));
      rows.push(line('extractvote', m.extractSeconds, m.extractCpu));
      console.log(rows.slice(-2).join('\n'), `peak ${m.peakMiB.toFixed(0)} MiB`);
    }
    const [small, whole] = results as [Measure, Measure];
    const ratio = whole.decodeCpu / whole.extractCpu;
    const s = await score(job, store);
    await writeSection(
      DESCRIBED[FAMILY].title,
      `Run: \`npx tsx bench/audit-extractvote.ts\` (\`BENCH_IMAGES=${COUNT}${FAMILY === 'timing' ? '' : ` BENCH_FAMILY=${FAMILY}`}\`). A generated election of ${COUNT.toLocaleString('en')} ballots (3 styles, 200 dpi, ${DESCRIBED[FAMILY].sheets}, people's marks of every kind, records in Dominion CSV with batches of 100 and a swapped pair of batches) is drawn into a temporary job folder (${drawn.toFixed(0)} s) and taken through precheck, gen_bif, genstyles and gentemplates (${before.toFixed(0)} s). Then a fresh process started as a worker is (\`${WORKER_FLAGS.join(' ')}\`, from \`npm run worker\`), with one decoding thread (\`UV_THREADPOOL_SIZE=1\`, \`sharp.concurrency(1)\`), takes the stage's batches (500 sheets each) in turn, first on ${part.toLocaleString('en')} sheets, then on all: for each batch, **decode alone** reads the batch's entries from the archive in the job's storage and decodes every page to greyscale; then **extractvote** runs the batch as a worker does: each page decoded, registered on its record's style (or, where that is not sure, matched against every style), every target measured and decided, the batch's rows written; the join follows the last batch. The two take turns batch by batch so that both meet the same machine. Per core = ballots per CPU-second (user + system) of the process. ${kept ? `The folder was kept from an earlier run (\`BENCH_JOB\`).` : KEEP ? `The folder is kept for later runs (\`BENCH_JOB\`).` : 'The folder is removed afterwards.'}
${machineLine()} Load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on 2 cores shared with other work.

| run | ballots | ballots/s | ballots/s per core | CPU ms per ballot |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

Ratio of extractvote to decoding alone, ballots per second per core, on all ${COUNT.toLocaleString('en')}: **${ratio.toFixed(2)}** (aim: at least 0.5; on ${part.toLocaleString('en')}: ${(small.decodeCpu / small.extractCpu).toFixed(2)}). Peak memory (resident) of the process on ${COUNT.toLocaleString('en')} ballots: ${whole.peakMiB.toFixed(0)} MiB, on ${part.toLocaleString('en')}: ${small.peakMiB.toFixed(0)} MiB, a ratio of **${(whole.peakMiB / small.peakMiB).toFixed(2)}** (the archive is read entry by entry by byte ranges, and each batch's rows are written before the next). Clear marks read as the ground truth says: ${((100 * s.clearRight) / Math.max(1, s.clear)).toFixed(2)}% of ${s.clear.toLocaleString('en')}; light, stray, check, X and erasure marks read wrong without a gray flag: ${s.unclearWrong} of ${s.unclear.toLocaleString('en')}. Sheets read on the style their image showed rather than their record's: ${s.byImage} of ${s.sheets.toLocaleString('en')}.`,
    );
  } finally {
    if (!KEEP) await rm(job, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') {
  const result = await measure(process.argv[3] as string, Number(process.argv[4]));
  console.log(JSON.stringify(result));
} else {
  await main();
}
