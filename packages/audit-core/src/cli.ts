#!/usr/bin/env node
/** `scrutineer-audit <stage> --job <dir>`: runs audit stages over a job folder. */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { directorySink } from './cvr/writers/index.js';
import { hasUnreadable, readCvrCsv, readCvrFiles } from './read-cvr.js';
import {
  finishStage,
  runBatch,
  runPipeline,
  runStage,
  stageNamed,
  STAGES,
  type StageResult,
} from './stages/index.js';
import { FolderStore } from './storage/index.js';
import { makeElection } from './synth/election.js';
import { writeSyntheticElection } from './synth/archive.js';

const HELP = `Usage: scrutineer-audit <stage> --job <dir> [options]

Stages (in pipeline order):
${STAGES.map((s) => `  ${s.name.padEnd(13)} ${s.description}`).join('\n')}

Other commands:
  all            run every stage from precheck to genreport; it stops at a stage that
                 finished with problems unless --go-on is given
  read-cvr FILE… read CVR exports (with ES&S ballots files and ballot manifests given
                 alongside) and print each one's layout, counts and contest tallies:
                 --format json (default) or csv; no --job needed
  generate       write a synthetic election job: --ballots N (default 200), --seed S

Options:
  --job <dir>         the job folder (inputs under input/, outputs beside)
  --batch <i>         run only batch i (from 1) of a stage that splits
  --batches           print how many batches the stage splits into
  --join              join a stage's batches after they all ran
  --batch-size <n>    ballots per batch (extractvote, default 500)
  --go-on             with all: carry on past a stage that finished with problems
  --quiet             no progress lines
  --format json|csv   read-cvr output
  --help              this text

A stage that leaves a style without a template or a sheet unread ends PROBLEMS
("finished with problems"), with the count of sheets not read and why.

Exit status: 0 success, 1 the stage failed (see the log) or read-cvr met a part it could
not read, 2 bad usage, 3 finished with problems (with all: some stage did), 130 stopped.`;

function fail(message: string): never {
  process.stderr.write(`scrutineer-audit: ${message}\n\n${HELP}\n`);
  process.exit(2);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        job: { type: 'string' },
        batch: { type: 'string' },
        batches: { type: 'boolean' },
        join: { type: 'boolean' },
        'batch-size': { type: 'string' },
        'go-on': { type: 'boolean' },
        ballots: { type: 'string' },
        seed: { type: 'string' },
        quiet: { type: 'boolean' },
        format: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(`${HELP}\n`);
    return values.help ? 0 : 2;
  }
  if (command === 'read-cvr') {
    const files = positionals.slice(1);
    if (files.length === 0) fail('read-cvr needs at least one FILE');
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'csv') fail('--format must be json or csv');
    const result = await readCvrFiles(files);
    process.stdout.write(
      format === 'csv' ? readCvrCsv(result) : `${JSON.stringify(result, null, 2)}\n`,
    );
    return hasUnreadable(result) ? 1 : 0;
  }
  if (!values.job) fail('--job <dir> is required');
  const store = new FolderStore(values.job);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  const batchSize = values['batch-size'] ? Number(values['batch-size']) : undefined;
  if (batchSize !== undefined && !(batchSize > 0)) fail('--batch-size must be a positive number');
  const options = {
    signal: controller.signal,
    batchSize,
    onProgress: values.quiet
      ? undefined
      : (p: { stage: string; percent: number }) =>
          process.stderr.write(`${p.stage} ${p.percent}%\n`),
  };
  const report = (results: StageResult[]): number => {
    for (const r of results) {
      const counts = r.problems.filter((p) => p.severity !== 'warning').length;
      const why = r.error ?? r.summary;
      process.stdout.write(
        `${r.stage} ${r.status}${counts ? ` (${counts} problems)` : ''}${why ? `: ${why}` : ''}\n`,
      );
    }
    const last = results.at(-1);
    if (last?.status === 'STOPPED') return 130;
    if (last?.status === 'FAILURE' || !last) return 1;
    return results.some((r) => r.status === 'PROBLEMS') ? 3 : 0;
  };

  if (command === 'generate') {
    const count = Number(values.ballots ?? 200);
    if (!(count > 0)) fail('--ballots must be a positive number');
    const election = makeElection({ seed: values.seed ?? 'demo' });
    const input = join(values.job, 'input');
    await mkdir(join(input, 'images'), { recursive: true });
    const written = await writeSyntheticElection(
      election,
      { count, batchSize: 50, formats: ['dominion-csv'], signal: controller.signal },
      createWriteStream(join(input, 'images', 'ballots.zip')),
      directorySink(join(values.job, 'truth')),
    );
    await mkdir(join(input, 'cvr'), { recursive: true });
    const { rename } = await import('node:fs/promises');
    await rename(join(values.job, 'truth', 'CVR_Export.csv'), join(input, 'cvr', 'CVR_Export.csv'));
    await store.write('input/election.json', JSON.stringify(election, null, 2));
    process.stdout.write(
      `generated ${written.ballots} ballots, ${written.planted.length} planted discrepancies (truth/ holds the ground truth)\n`,
    );
    return 0;
  }
  if (command === 'all')
    return report(
      await runPipeline(store, 'precheck', 'genreport', { ...options, goOn: values['go-on'] }),
    );

  const stage = stageNamed(command);
  if (!stage) fail(`unknown stage ${command}`);
  if (values.batches) {
    process.stdout.write(`${await stage.batches(store, options)}\n`);
    return 0;
  }
  if (values.join) {
    const joined = await finishStage(stage, store, await stage.batches(store, options));
    process.stdout.write(`${stage.name} joined\n`);
    return report([joined]);
  }
  if (values.batch) {
    const count = await stage.batches(store, options);
    const index = Number(values.batch) - 1;
    if (!Number.isInteger(index) || index < 0 || index >= count)
      fail(`--batch must be from 1 to ${count}`);
    return report([await runBatch(stage, store, { index, count }, options)]);
  }
  return report([await runStage(stage, store, options)]);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `scrutineer-audit: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
