// The final report (genreport) on 10,000 ballots. A generated election of BASE ballots (images,
// Dominion CSV records, misreads, missing and extra records) is run
// through every stage up to cmpcvr; its per-ballot outputs (BIF, records, extractvote's rows)
// are then copied COPIES times under new batch names into a second job, cmpcvr runs on that, a
// decision is written for every disagreement, and genreport runs on it. Baseline, same run: one
// pass that reads and parses every file genreport reads (the floor any report must pay).
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector';
import { createInterface } from 'node:readline';
import {
  directorySink,
  FolderStore,
  makeElection,
  PATHS,
  runStage,
  stageNamed,
  writeCsv,
  writeSyntheticElection,
} from '../packages/audit-core/src/index.js';
import { readCsv, readCsvAll, readJsonLines } from '../packages/audit-core/src/stages/context.js';
import { machineLine, writeSection } from './lib/results.js';

const BASE = Number(process.env.BASE_BALLOTS ?? 200);
const TARGET = Number(process.env.BALLOTS ?? 10_000);
const COPIES = Math.ceil(TARGET / BASE);

/** Copy k of a sheet id: its batch renamed, so each copy is batches of its own. */
const renamed = (id: string, k: number): string => {
  if (k === 0 || !id) return id;
  const cut = id.lastIndexOf('-');
  return cut < 0 ? `${id}x${k}` : `${id.slice(0, cut)}x${k}${id.slice(cut)}`;
};

/** Per-ballot CSVs: every row COPIES times, with the sheet ids of copy k renamed. */
async function scaleCsv(from: FolderStore, to: FolderStore, key: string): Promise<number> {
  const rows = await readCsvAll(from, key);
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0] ?? {});
  const out: Record<string, string>[] = [];
  for (let k = 0; k < COPIES; k += 1)
    for (const row of rows)
      out.push({
        ...row,
        sheet_id: renamed(row.sheet_id ?? '', k),
        ...(row.duplicate_of !== undefined ? { duplicate_of: renamed(row.duplicate_of, k) } : {}),
      });
  await writeCsv(to, key, columns, out);
  return out.length;
}

async function scaleJsonLines(fromDir: string, to: FolderStore, key: string): Promise<void> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: createReadStream(path.join(fromDir, key)) })) {
    if (!line.trim()) continue;
    for (let k = 0; k < COPIES; k += 1) {
      const record = JSON.parse(line) as { sheet_id: string; id?: string };
      record.sheet_id = renamed(record.sheet_id, k);
      if (k > 0 && record.id) record.id = `${record.id}x${k}`;
      lines.push(JSON.stringify(record));
    }
  }
  await to.write(key, `${lines.join('\n')}\n`);
}

/** Reads and parses every file genreport reads, once: the baseline. */
async function readWhatTheReportReads(store: FolderStore): Promise<number> {
  let rows = 0;
  for (const key of [
    PATHS.totals,
    PATHS.contestSummary,
    PATHS.sheets,
    PATHS.disagreements,
    PATHS.contestClasses,
    PATHS.votesContests,
    PATHS.adjudications,
    PATHS.bif,
    PATHS.votesTargets,
    PATHS.precheckInputs,
  ])
    for await (const row of readCsv(store, key)) if (row) rows += 1;
  for await (const record of readJsonLines(store, PATHS.cvrBallots)) if (record) rows += 1;
  return rows;
}

/** PROFILE=<file> writes a CPU profile of the big job's genreport. */
const post = (session: Session, method: string) =>
  new Promise<unknown>((resolve, reject) =>
    session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );

async function timed<T>(run: () => Promise<T>): Promise<[T, number, number]> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return [value, (performance.now() - t0) / 1000, (used.user + used.system) / 1e6];
}

async function stage(store: FolderStore, name: string) {
  const definition = stageNamed(name);
  if (!definition) throw new Error(`no stage ${name}`);
  const result = await runStage(definition, store, { batchSize: 100_000 });
  if (result.status === 'FAILURE') throw new Error(`${name}: ${result.error}`);
  return result;
}

/** A decision on every disagreement: image right, as people most often find. */
async function decideAll(store: FolderStore): Promise<number> {
  const rows = await readCsvAll(store, PATHS.disagreements);
  await writeCsv(
    store,
    PATHS.adjudications,
    [
      'id',
      'kind',
      'sheet_id',
      'contest_id',
      'decision',
      'decided_votes',
      'note',
      'decided_at',
      'decided_by',
      'state',
      'decided_by_name',
      'batch',
    ],
    rows.map((r, i) => ({
      id: i + 1,
      kind: r.kind,
      sheet_id: r.sheet_id,
      contest_id: r.contest_id,
      decision: 'image',
      decided_votes: r.image_votes,
      note: '',
      decided_at: new Date().toISOString(),
      decided_by: 1,
      state: 'decided',
      decided_by_name: 'Bench Adjudicator',
      batch: r.batch ?? '',
    })),
  );
  return rows.length;
}

const root = await mkdtemp(path.join(os.tmpdir(), 'scrutineer-bench-genreport-'));
try {
  const baseDir = path.join(root, 'base');
  await mkdir(path.join(baseDir, 'input/images'), { recursive: true });
  await mkdir(path.join(baseDir, 'input/cvr'), { recursive: true });
  const election = makeElection({ seed: 'bench-genreport' });
  await writeSyntheticElection(
    election,
    {
      count: BASE,
      batchSize: 50,
      misreads: 10,
      missing: 3,
      extra: 3,
      // Copies of a swapped pair would fit each other's copies too: no swap at this scale.
      swapBatches: false,
      formats: ['dominion-csv'],
    },
    createWriteStream(path.join(baseDir, 'input/images/ballots.zip')),
    directorySink(path.join(baseDir, 'truth')),
  );
  await rename(
    path.join(baseDir, 'truth/CVR_Export.csv'),
    path.join(baseDir, 'input/cvr/CVR_Export.csv'),
  );
  const base = new FolderStore(baseDir);
  await base.write(PATHS.election, JSON.stringify(election));
  for (const name of ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote', 'cmpcvr'])
    await stage(base, name);
  await decideAll(base);
  const [, baseReport] = await timed(() => stage(base, 'genreport'));

  // The scaled job: inputs and per-job outputs as they are, per-ballot outputs copied.
  const bigDir = path.join(root, 'big');
  await cp(baseDir, bigDir, { recursive: true });
  await rm(path.join(bigDir, 'cmpcvr'), { recursive: true, force: true });
  await rm(path.join(bigDir, 'genreport'), { recursive: true, force: true });
  await rm(path.join(bigDir, 'adjudicate'), { recursive: true, force: true });
  const big = new FolderStore(bigDir);
  let ballots = 0;
  for (const key of [
    PATHS.bif,
    PATHS.residue,
    PATHS.votesContests,
    PATHS.votesTargets,
    PATHS.votesSheets,
  ]) {
    const n = await scaleCsv(base, big, key);
    if (key === PATHS.bif) ballots = n;
  }
  await scaleJsonLines(baseDir, big, PATHS.cvrBallots);
  const [, cmpSeconds, cmpCpu] = await timed(() => stage(big, 'cmpcvr'));
  const decided = await decideAll(big);

  const [rows, floorSeconds, floorCpu] = await timed(() => readWhatTheReportReads(big));
  const profiler = process.env.PROFILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.start');
  }
  const [, reportSeconds, reportCpu] = await timed(() => stage(big, 'genreport'));
  if (profiler) {
    const { profile } = (await post(profiler, 'Profiler.stop')) as { profile: unknown };
    await writeFile(process.env.PROFILE ?? '', JSON.stringify(profile));
  }
  const [, floorAgain] = await timed(() => readWhatTheReportReads(big));
  const floor = Math.min(floorSeconds, floorAgain);
  const log = await readFile(path.join(bigDir, 'logs/operation-logs/genreport/log.txt'), 'utf8')
    .then(
      (t) =>
        t
          .trim()
          .split('\n')
          .filter((l) => l.includes('report:'))
          .at(-1) ?? '',
    )
    .catch(() => '');
  const sizes = await Promise.all(
    [PATHS.reportHtml, PATHS.reportPdf, PATHS.reportCsv].map(async (k) => [
      k,
      (await readFile(path.join(bigDir, k))).length,
    ]),
  );
  const load = os.loadavg()[0]?.toFixed(1);
  const body = [
    `Run: \`npx tsx bench/audit-genreport.ts\` (BASE_BALLOTS=${BASE}, BALLOTS=${TARGET}). A generated election of ${BASE} ballots (misreads, missing and extra records) runs through every stage to cmpcvr; its per-ballot outputs (BIF, records, extractvote's rows) are copied ${COPIES} times under new batch names into a second job of **${ballots.toLocaleString('en-US')} sheets**, cmpcvr runs on that job, a decision is written for each of its ${decided.toLocaleString('en-US')} disagreements, and genreport runs. Pictures are cut from the base run's archive (the copies point at its entries). Baseline, in the same run: one pass that reads and parses every file genreport reads (${rows.toLocaleString('en-US')} rows; the better of two passes, before and after the report).`,
    `${machineLine()} Load average (1 min) at the end: ${load} on ${os.cpus().length} cores shared with other work.`,
    '',
    '| step | wall s | CPU s |',
    '|---|---|---|',
    `| genreport, ${BASE} ballots (base run) | ${baseReport.toFixed(1)} | – |`,
    `| cmpcvr, ${ballots} sheets | ${cmpSeconds.toFixed(1)} | ${cmpCpu.toFixed(1)} |`,
    `| baseline: read and parse what genreport reads | ${floor.toFixed(1)} | ${floorCpu.toFixed(1)} |`,
    `| **genreport, ${ballots} sheets** | **${reportSeconds.toFixed(1)}** | **${reportCpu.toFixed(1)}** |`,
    '',
    `genreport on ${ballots.toLocaleString('en-US')} sheets: **${(reportSeconds / floor).toFixed(1)}×** the baseline's wall time; ${(reportSeconds / baseReport).toFixed(1)}× its own time on ${BASE} ballots (${COPIES}× the ballots). ${log.replace(/^.*report: /, 'Report: ')}`,
    `Files: ${sizes.map(([k, n]) => `${k} ${(Number(n) / 1e6).toFixed(1)} MB`).join(', ')}.`,
  ].join('\n');
  await writeSection('Final report (genreport) on 10,000 ballots', body);
  console.log(body);
} finally {
  await rm(root, { recursive: true, force: true });
}
