// Mark reading at scale: a generated election of 10,000 ballots (Group 4 TIFFs in a zip, as a
// scanner writes them) read by extractvote's core (the archive reader, registration on the
// style's template, every target measured and decided) against decoding the same images alone,
// in the same run. Each measurement runs in its own process on one decoding thread, so its CPU
// time and peak memory are its own; memory is measured on a fifth of the election and on all of
// it to show that it does not grow with the election.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import yazl from 'yazl';
import {
  directorySink,
  makeElection,
  readArchive,
  readBallots,
  StylePrinter,
  styleTemplate,
  writeSyntheticElection,
  type ArchiveItem,
  type PageInput,
} from '../packages/audit-core/src/index.js';
import { machineLine, writeSection } from './lib/results.js';

const COUNT = Number(process.env.BENCH_IMAGES ?? 10_000);
/** Distinct scans drawn; the archive holds each several times under its own name. */
const DISTINCT = Math.min(COUNT, Number(process.env.BENCH_DISTINCT ?? 2_000));
const SEED = 'bench-extractvote';
const self = import.meta.filename;

type Kind = 'decode' | 'extract';

interface Measure {
  ballots: number;
  failed: number;
  agreed: number;
  targets: number;
  seconds: number;
  cpuSeconds: number;
  peakMiB: number;
}

interface Truth {
  file: string;
  styleId: string;
  targets: { isIntended: boolean; kind: string }[];
}

async function readTruth(directory: string): Promise<Map<string, Truth>> {
  const truth = new Map<string, Truth>();
  const lines = createInterface({ input: createReadStream(path.join(directory, 'truth.jsonl')) });
  for await (const line of lines) {
    if (!line) continue;
    const { file, styleId, targets } = JSON.parse(line) as Truth;
    truth.set(file, { file, styleId, targets });
  }
  return truth;
}

/**
 * Drawing a ballot costs more than reading it, so the election's archive holds the drawn scans
 * several times over (`copy-<n>/<batch>/<id>.tif`, each with its truth line) up to `count`.
 */
async function repeatArchive(directory: string, drawn: string, count: number): Promise<void> {
  const truth = [...(await readTruth(directory)).values()];
  const scans: Buffer[] = [];
  for await (const item of readArchive(drawn, { decode: false }))
    if (item.type === 'page') scans.push(item.image as Buffer);
  const zip = new yazl.ZipFile();
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const t = truth[i % truth.length] as Truth;
    const file = `copy-${Math.floor(i / truth.length) + 1}/${t.file}`;
    zip.addBuffer(scans[i % scans.length] as Buffer, file, { compress: false });
    lines.push(JSON.stringify({ ...t, file }));
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path.join(directory, 'images.zip')));
  await writeFile(path.join(directory, 'truth.jsonl'), `${lines.join('\n')}\n`);
  await rm(drawn);
}

/** One measurement, in this (child) process. */
async function measure(kind: Kind, directory: string, to: number): Promise<Measure> {
  sharp.concurrency(1);
  const zip = path.join(directory, 'images.zip');
  const truth = kind === 'extract' ? await readTruth(directory) : new Map<string, Truth>();
  const election = makeElection({ seed: SEED });
  const printer = new StylePrinter(election);
  const templates =
    kind === 'extract'
      ? await Promise.all(election.styles.map((s) => styleTemplate(printer, s.id)))
      : [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  let ballots = 0;
  let failed = 0;
  let agreed = 0;
  let targets = 0;
  const items = readArchive(zip, { to, concurrency: 1 });
  if (kind === 'decode') {
    for await (const item of items) {
      if (item.type === 'page') ballots += 1;
      else failed += 1;
    }
  } else {
    // The style comes from the vote records (here the truth file), as gen_bif gives it.
    async function* pages(all: AsyncIterable<ArchiveItem>): AsyncGenerator<PageInput> {
      for await (const item of all) {
        if (item.type === 'problem') {
          failed += 1;
          continue;
        }
        yield { id: item.entry, image: item.image, styleId: truth.get(item.entry)?.styleId };
      }
    }
    for await (const result of readBallots(pages(items), templates)) {
      if (!result.reading) {
        failed += 1;
        continue;
      }
      ballots += 1;
      const expected = truth.get(result.id)?.targets ?? [];
      for (const [i, t] of result.reading.targets.entries()) {
        targets += 1;
        const decided = t.decision === 'vote' ? true : t.decision === 'blank' ? false : undefined;
        if (decided === undefined || decided === expected[i]?.isIntended) agreed += 1;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    ballots,
    failed,
    agreed,
    targets,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakMiB: process.resourceUsage().maxRSS / 1024,
  };
}

function runChild(kind: Kind, directory: string, to: number): Measure {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', self, '--measure', kind, directory, String(to)],
    { encoding: 'utf8', maxBuffer: 1 << 20, env: { ...process.env, UV_THREADPOOL_SIZE: '1' } },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measure;
}

async function main(): Promise<void> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-extract-'));
  try {
    const election = makeElection({ seed: SEED });
    let started = performance.now();
    const drawn = path.join(directory, 'drawn.zip');
    await writeSyntheticElection(
      election,
      {
        count: DISTINCT,
        onProgress: ({ done }) => done % 500 === 0 && console.log(`${done} drawn`),
      },
      createWriteStream(drawn),
      directorySink(directory),
    );
    const written = (performance.now() - started) / 1000;
    console.log(`${DISTINCT} ballots drawn in ${written.toFixed(0)} s`);
    await repeatArchive(directory, drawn, COUNT);
    const part = Math.round(COUNT / 5);
    const rows: string[] = [];
    const results: Record<string, Measure> = {};
    for (const [label, kind, to] of [
      ['decode alone', 'decode', COUNT],
      ['extractvote', 'extract', COUNT],
      ['decode alone', 'decode', part],
      ['extractvote', 'extract', part],
    ] as const) {
      started = performance.now();
      const m = runChild(kind, directory, to);
      results[`${kind}-${to}`] = m;
      if (m.ballots !== to || m.failed !== 0)
        throw new Error(`${label}: ${m.ballots} of ${to} read, ${m.failed} failed`);
      rows.push(
        `| ${label} | ${to.toLocaleString('en')} | ${(m.ballots / m.seconds).toFixed(1)} | ` +
          `${(m.ballots / m.cpuSeconds).toFixed(1)} | ${((1000 * m.cpuSeconds) / m.ballots).toFixed(1)} | ` +
          `${m.peakMiB.toFixed(0)} |`,
      );
      console.log(rows.at(-1));
    }
    const decode = results[`decode-${COUNT}`] as Measure;
    const extract = results[`extract-${COUNT}`] as Measure;
    const small = results[`extract-${part}`] as Measure;
    const ratio = extract.ballots / extract.cpuSeconds / (decode.ballots / decode.cpuSeconds);
    const agreement = (100 * extract.agreed) / extract.targets;
    await writeSection(
      'Audit engine: extractvote',
      `Run: \`npx tsx bench/audit-extractvote.ts\` (\`BENCH_IMAGES=10000\` by default). A generated election of ${COUNT.toLocaleString('en')} ballots (3 styles, 200 dpi, skewed and noisy scans, people's marks of every kind) is written to a temporary folder as a zip of Group 4 TIFFs: ${DISTINCT.toLocaleString('en')} distinct scans drawn (${written.toFixed(0)} s; drawing costs more than reading, so each scan is archived ${Math.ceil(COUNT / DISTINCT)} times under its own name, \`BENCH_DISTINCT\`), then read in fresh processes with one decoding thread (\`UV_THREADPOOL_SIZE=1\`, \`sharp.concurrency(1)\`): **decode alone** streams the archive and decodes every page to greyscale (\`readArchive\`); **extractvote** does the same and reads every ballot on its style's template (\`readBallots\`: timing-mark registration, local refinement around each target, fill, per-ballot threshold, contests). Per core = ballots per CPU-second (user + system) of the process. The folder is removed afterwards.
${machineLine()}

| run | ballots | ballots/s | ballots/s per core | CPU ms per ballot | peak MiB |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Ratio of extractvote to decoding alone, ballots per second per core: **${ratio.toFixed(2)}** (aim: at least 0.5). Peak memory of extractvote on ${COUNT.toLocaleString('en')} ballots over ${part.toLocaleString('en')}: **${(extract.peakMiB / small.peakMiB).toFixed(2)}** (flat: the archive is streamed entry by entry). Targets read as the ground truth says or flagged gray: ${agreement.toFixed(2)}% of ${extract.targets.toLocaleString('en')}.`,
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
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
