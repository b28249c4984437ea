// Vote record reading at county scale: a generated election written as a Dominion CVR_Export
// CSV and a Dominion JSON export of 100,000 and 1,000,000 ballots, read to the normalised model
// by the library's readers, each against reading the same bytes line by line in the same run
// (and the CSV also by its text path, the reader before the byte path). Every measurement runs
// in its own process so that its peak memory and CPU time are its own.
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  directorySink,
  fileSource,
  makeElection,
  openDominionCsv,
  openDominionJsonDirectory,
  writeSyntheticCvr,
} from '../packages/audit-core/src/index.js';
import { machineLine, writeSection } from './lib/results.js';

const SIZES = (process.env.BENCH_BALLOTS ?? '100000,1000000').split(',').map(Number);
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,json').split(',');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const self = import.meta.filename;

type Kind = 'csv-lines' | 'csv-reader' | 'csv-text' | 'json-lines' | 'json-reader';

interface Measure {
  ballots: number;
  lines: number;
  seconds: number;
  /** User and system CPU seconds of the process while it read. */
  cpu: number;
  peakMiB: number;
  problems: number;
}

async function filesOf(directory: string, pattern: RegExp): Promise<string[]> {
  return (await readdir(directory))
    .filter((n) => pattern.test(n))
    .sort()
    .map((n) => path.join(directory, n));
}

async function countLines(files: string[]): Promise<number> {
  let lines = 0;
  for (const file of files) {
    const reader = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of reader) if (line.length >= 0) lines += 1;
  }
  return lines;
}

/** One measurement, in this (child) process. */
async function measure(kind: Kind, directory: string): Promise<Measure> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let ballots = 0;
  let lines = 0;
  let problems = 0;
  if (kind === 'csv-lines') lines = await countLines([path.join(directory, 'CVR_Export.csv')]);
  if (kind === 'json-lines') lines = await countLines(await filesOf(directory, /^CvrExport_/));
  if (kind !== 'csv-lines' && kind !== 'json-lines') {
    const csv = fileSource(path.join(directory, 'CVR_Export.csv'));
    const reader =
      kind === 'json-reader'
        ? await openDominionJsonDirectory(directory)
        : await openDominionCsv(csv, { path: kind === 'csv-text' ? 'text' : 'bytes' });
    // As the stages read: a batch at a time, every ballot of it looked at.
    for await (const batch of reader.batches)
      for (const ballot of batch) if (ballot.contests.length >= 0) ballots += 1;
    problems = reader.problems.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / 1e6;
  return { ballots, lines, seconds, cpu, peakMiB: process.resourceUsage().maxRSS / 1024, problems };
}

/** The best of several runs: least wall-clock and CPU time, most memory. */
function best(runs: Measure[]): Measure {
  const first = runs[0] as Measure;
  return {
    ...first,
    seconds: Math.min(...runs.map((r) => r.seconds)),
    cpu: Math.min(...runs.map((r) => r.cpu)),
    peakMiB: Math.max(...runs.map((r) => r.peakMiB)),
  };
}

function runChild(kind: Kind, directory: string): Measure {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', self, '--measure', kind, directory],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measure;
}

async function bytesOf(files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += (await stat(file)).size;
  return total;
}

const NOTES = `CSV byte path (\`cvr/dominion-csv-byte-ballots.ts\`, \`cvr/dominion-csv-bytes.ts\`): most records are read in one pass over their bytes, laid out as Dominion writes them: the metadata cells first (unquoted, \`"…"\` or Excel's \`="…"\`), whose bounds are noted, then each contest's choice cells. A contest of up to 31 choice columns is read into a bit mask: a bare \`0\` or \`1\` and its comma are one 16-bit read (\`DataView.getUint16\`), and the two differ in the low bit only, so a cell costs no branch on which it is; blank and quoted cells and the record's end take the slower branch of the same loop. The mask names the contest's vote, made once and shared for "on the card, nothing marked", one choice and two choices marked; three or more make a vote of their own. A wider contest (a ranked one of many candidates) is read mark by mark. No byte past the ones in hand is read (a read out of bounds had V8 recompile the loop for it), and a ballot's contest votes are gathered in a reused array and copied once at their size. Record and CVR numbers written plainly are read as numbers and their texts joined from tables made up front (the text of the head and of the last four digits: \`String\` of a number met for the first time is a call into the runtime, and caches filled as numbers were met had a first-time branch that sent the compiled reader back to the interpreter at the first CVR number past the cache); the imprinted id is taken as the id when its bytes are the tabulator's, batch's and record's joined by dashes; other metadata texts are found again in a small table per column, by their length and first three bytes packed in one integer (one comparison for a short code) and then the rest of their bytes. The file is read 256 KiB at a time (the stream's 64 KiB reads were about a seventh of the reader's CPU) and ballots are handed out a batch at a time, a batch holding the records that start in one 64 KiB stretch of the file whatever the size of the pieces read (the bench, like the stages, reads \`batches\` and looks at every ballot of each), so a ballot pays no async step of its own; ballots and their locations are made by class constructors whose fields are declared, not defined as class fields (a defined field is first set to undefined, twice the stores), and not by object literals, since V8 moved a literal's objects to the old generation once a scavenge found a batch of them alive. Only the record cut by a chunk's end is joined to the next chunk's first line (joining whole chunks copied every byte once more, into buffers outside the heap that only a full collection frees). A record the pass does not take (any other cell, a short row, a CVR number that is not a number, a record cut by the chunk's end) is read cell by cell; a record the byte path does not read as the tokenizer would (a doubled quote, a line break in quotes) passes the rest of the file to the tokenizer; \`test/cvr/dominion-csv-bytes.test.ts\` and \`test/cvr/dominion-csv-masks.test.ts\` compare both paths on every CSV sample and on variants, whole and in small pieces.

What a ballot costs, and what remains. Measured on the 1,000,000-ballot CSV, reading it again and again in one process (warm code, builds taking turns, best of 7, load average 5 to 15): line reading 0.33 CPU s, the reader before the bit masks, slabs and joined-record changes 0.82 to 0.85, after them 0.68 to 0.71 (**0.48** of line reading); with the ballots not made (the same single ballot handed out for every record) 0.39. So the pass over the bytes, contests included, and the file's reads cost about what line reading costs; making what the model asks for costs as much again: the ballot (11 fields), its location, its contest list, its id and CVR number texts (about 350 bytes a ballot), the metadata texts and the duplicate check. A fresh process (as the bench runs) adds about 0.25 s: code not yet compiled for the first 50,000 or so ballots, the compiler's own threads, and the collector while the young generation is small. A contest list cannot be shared between ballots that vote alike without a table as large as the export's variety (115,000 different lists in 200,000 ballots of this election), and a ballot read on demand from a columnar batch would not be the plain object with its own fields that every stage and test reads (\`toEqual\` compares own fields only): reaching 0.5 of line reading by CPU in a fresh process needs ballots of fewer objects than the model's.

Duplicate check (\`cvr/reader.ts\`, \`cvr/seen-ids.ts\`): ids are kept by batch (\`tabulator-batch-\`), record numbers in a dense integer array per batch (four bytes an id), carved from shared slabs (a typed array of its own per batch, and again at each growth, was an allocation outside the heap apiece), or a map where they are spread out, and each first location as one integer with its file kept in runs; text keys (ids that are not plain numbers) stay in a map. It is the one part that grows with the export.

JSON (\`cvr/dominion-json-stream.ts\`): the bytes are scanned for the bounds of the first sessions; once two sessions show what lies between them (\`},{"TabulatorId"\`), each chunk's sessions are cut at the last such separator and parsed by one \`JSON.parse\` as an array, which succeeds only when the cut falls between whole sessions; where it does not, the scanner reads session by session and names a session that is not valid JSON. Ballots are built with fields set in order rather than spread.`;

const READS = [
  { format: 'csv', name: 'Dominion CSV', lines: 'csv-lines', readers: ['csv-reader', 'csv-text'] },
  { format: 'json', name: 'Dominion JSON', lines: 'json-lines', readers: ['json-reader'] },
] as const;

const READER_NAMES: Record<string, string> = {
  'csv-reader': 'reader (bytes)',
  'csv-text': 'text path',
  'json-reader': 'reader',
};

function rate(count: number, seconds: number): string {
  return Math.round(count / seconds).toLocaleString('en');
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const root = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-cvr-'));
  const rows: string[] = [];
  const loads: string[] = [];
  /** Peak resident MiB by reader and size, to see whether memory grows with the export. */
  const peaks = new Map<string, Map<number, number>>();
  try {
    const election = makeElection({ seed: 'bench-cvr', contests: 10, precincts: 40, styles: 6 });
    for (const count of SIZES) {
      const directory = path.join(root, String(count));
      const sink = directorySink(directory);
      for (const read of READS) {
        if (!FORMATS.includes(read.format)) continue;
        const started = performance.now();
        const kind = read.format === 'csv' ? 'dominion-csv' : 'dominion-json';
        await writeSyntheticCvr(election, count, [], kind, sink);
        const files =
          read.format === 'csv'
            ? [path.join(directory, 'CVR_Export.csv')]
            : await filesOf(directory, /^CvrExport_/);
        const mib = ((await bytesOf(files)) / 1024 / 1024).toFixed(0);
        console.log(
          `${read.name} ${count}: written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        // Baseline before and after the readers, averaged, so that load drifting during the
        // readers' runs meets both sides.
        // Baseline and readers take turns REPEATS times; each keeps its best wall-clock and
        // CPU time, so that a burst of other work on the shared cores meets one run, not the
        // figure.
        const lineRuns: Measure[] = [];
        const readerRuns = read.readers.map((reader) => ({ reader, runs: [] as Measure[] }));
        for (let round = 0; round < REPEATS; round += 1) {
          lineRuns.push(runChild(read.lines, directory));
          for (const r of readerRuns) r.runs.push(runChild(r.reader, directory));
        }
        lineRuns.push(runChild(read.lines, directory));
        const base = best(lineRuns);
        const measured = readerRuns.map(({ reader, runs }) => ({ reader, m: best(runs) }));
        loads.push(
          `${read.name} ${count.toLocaleString('en')}: ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
        );
        for (const { reader, m } of measured) {
          if (m.ballots !== count) throw new Error(`${read.name}: read ${m.ballots} of ${count}`);
          if (m.problems !== 0) throw new Error(`${read.name}: ${m.problems} problems`);
          const label = `${read.name} ${READER_NAMES[reader] ?? reader}`;
          if (!peaks.has(label)) peaks.set(label, new Map());
          peaks.get(label)?.set(count, m.peakMiB);
          const lineLabel = `${read.name} line by line`;
          if (!peaks.has(lineLabel)) peaks.set(lineLabel, new Map());
          peaks.get(lineLabel)?.set(count, base.peakMiB);
          rows.push(
            `| ${read.name} | ${READER_NAMES[reader] ?? reader} | ${count.toLocaleString('en')} | ${mib} | ` +
              `${rate(count, m.seconds)} | ${m.cpu.toFixed(2)} | ${m.peakMiB.toFixed(0)} | ` +
              `${rate(count, base.seconds)} | ${base.cpu.toFixed(2)} | ${base.peakMiB.toFixed(0)} | ` +
              `**${(base.seconds / m.seconds).toFixed(2)}** | **${(base.cpu / m.cpu).toFixed(2)}** |`,
          );
          console.log(rows.at(-1));
        }
      }
      await rm(directory, { recursive: true, force: true });
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg()[0] ?? 0;
  const smallest = Math.min(...SIZES);
  const largest = Math.max(...SIZES);
  const growth = [...peaks]
    .map(([label, bySize]) => {
      const small = bySize.get(smallest) ?? 0;
      const large = bySize.get(largest) ?? 0;
      return `${label}: ${small.toFixed(0)} MiB at ${smallest.toLocaleString('en')}, ${large.toFixed(0)} MiB at ${largest.toLocaleString('en')} (**${(large / small).toFixed(2)}**)`;
    })
    .join('; ');
  const load = `Load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end (after each pair: ${loads.join('; ')}), on 2 cores shared with other work.`;
  await writeSection(
    'Audit engine: vote record reading',
    `Run: \`npx tsx bench/audit-cvr.ts\` (\`BENCH_BALLOTS=100000,1000000\`, \`BENCH_FORMATS=csv,json\`, \`BENCH_REPEATS=3\` by default). A generated election (10 contests, 40 precincts, 6 styles) is written as a Dominion CVR_Export CSV (metadata cells Excel-style, \`="…"\`) and a Dominion JSON export (1,000 sessions a file, with manifests) to a temporary folder, then each is read to the normalised model in a fresh process (every ballot, batch by batch as the stages read them) and, as the baseline, the same files are read line by line with \`readline\` in a fresh process. The baseline and the readers take turns \`BENCH_REPEATS\` times (the baseline once more at the end), and each figure is the best of its runs (least wall-clock time, least CPU time, most memory), since other work on the shared cores slows single runs by up to half. The CSV is read both by the reader (its byte path) and by its text path (the tokenizer and string cells, the reader before the byte path). Peak memory is the process's maximum resident set; CPU is the process's user and system time while it read. The folder is removed afterwards.
${machineLine()} ${load}

| export | read by | ballots | MiB | ballots/s | CPU s | peak MiB | line-by-line ballots/s | line-by-line CPU s | line-by-line peak MiB | ratio (wall) | ratio (CPU) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Peak memory (resident) at ${smallest.toLocaleString('en')} and ${largest.toLocaleString('en')} ballots, and their ratio: ${growth}.

Ratio: the reader's speed over reading the same bytes line by line (the floor any reader pays for I/O and decoding): wall-clock time, and CPU time of the process (on a loaded machine the wall-clock figures mostly show the share of the cores each process got; CPU time is steadier, though it counts the collector's helper threads too).

${NOTES}`,
  );
}

if (process.argv[2] === '--measure') {
  const result = await measure(process.argv[3] as Kind, process.argv[4] as string);
  console.log(JSON.stringify(result));
} else {
  await main();
}
