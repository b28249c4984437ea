import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { cli } from './cli-run.js';

const root = join(import.meta.dirname, '../..');

async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let job: string;
beforeAll(async () => {
  job = await mkdtemp(join(tmpdir(), 'scrutineer-cli-'));
  await mkdir(join(job, 'input/images'), { recursive: true });
  await mkdir(join(job, 'input/cvr'), { recursive: true });
  const good = await zipOf({
    'batch-1/1-1-1.tif': Buffer.from('II*\0not really'),
    'notes.txt': Buffer.from('hi'),
  });
  await writeFile(join(job, 'input/images/good.zip'), good);
  await writeFile(join(job, 'input/images/truncated.zip'), good.subarray(0, good.length - 30));
  await writeFile(join(job, 'input/cvr/mystery.csv'), 'a,b,c\n1,2,3\n');
});
afterAll(async () => rm(job, { recursive: true, force: true }));

describe('scrutineer-audit', () => {
  it('lists the stages in --help', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    for (const stage of [
      'precheck',
      'gen_bif',
      'genstyles',
      'gentemplates',
      'extractvote',
      'cmpcvr',
      'genreport',
      'export',
      'archive',
    ])
      expect(stdout).toMatch(new RegExp(`^  ${stage} `, 'm'));
  });

  it('refuses an unknown stage and a missing job folder with usage', async () => {
    const unknown = await cli(['tabulate', '--job', job]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown stage tabulate');
    const noJob = await cli(['precheck']);
    expect(noJob.code).toBe(2);
    expect(noJob.stderr).toContain('--job <dir> is required');
  });

  it('runs precheck over a job folder and logs a problem line for each bad input', async () => {
    const refused = await cli(['precheck', '--job', job, '--quiet']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /precheck FAILURE.*1 part\(s\) of the vote records could not be read: mystery\.csv: unknown CVR layout.*set accept_unreadable_cvr to TRUE in the JOB file/,
    );
    await writeFile(
      join(job, 'input/job.csv'),
      'group,argument,value\nballot_image_audit,accept_unreadable_cvr,TRUE\n',
    );
    const { code, stdout } = await cli(['precheck', '--job', job, '--quiet']);
    expect(code).toBe(0);
    expect(stdout).toContain('precheck SUCCESS');
    const summary: unknown = JSON.parse(await readFile(join(job, 'precheck/summary.json'), 'utf8'));
    expect(summary).toMatchObject({ unreadable_cvr_parts: 1, unreadable_cvr_accepted: true });
    const log = await readFile(join(job, 'logs/operation-logs/precheck/log.txt'), 'utf8');
    expect(log).toMatch(/ERROR unknown-layout: input\/cvr\/mystery\.csv: .*mystery\.csv/);
    expect(log).toMatch(/WARNING unreadable-accepted: input\/job\.csv: 1 unreadable part/);
    expect(log).toMatch(/FATAL unreadable-archive: input\/images\/truncated\.zip/);
    expect(log).toMatch(/WARNING not-an-image: input\/images\/good\.zip notes\.txt/);
    const inputs = await readFile(join(job, 'precheck/inputs.csv'), 'utf8');
    expect(inputs).toMatch(/input\/images\/good\.zip,images,\d+,[0-9a-f]{64},1,,1/);
  });

  it('fails a stage whose inputs are missing, with the reason in its log', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'scrutineer-cli-empty-'));
    try {
      const { code, stdout } = await cli(['precheck', '--job', empty, '--quiet']);
      expect(code).toBe(1);
      expect(stdout).toMatch(
        /^precheck FAILURE.*: no ballot images and no vote records to audit$/m,
      );
      const log = await readFile(join(empty, 'logs/operation-logs/precheck/log.txt'), 'utf8');
      expect(log).toContain('FATAL stage-failed');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('read-cvr prints layout, counts and tallies of exports as JSON or CSV', async () => {
    const real = (name: string) => join(root, 'test/fixtures/real/cvr', name);
    const json = await cli(['read-cvr', real('clearballot_csv/inline_comma_cvr.csv')]);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as {
      files: {
        format: string;
        ballots: number;
        contests: { name: string; ranks: number; perRank: unknown[] }[];
      }[];
    };
    expect(parsed.files[0]).toMatchObject({ format: 'clearballot-csv', ballots: 178 });
    expect(parsed.files[0]?.contests[0]).toMatchObject({
      name: 'City of Portland, Auditor',
      ranks: 2,
    });
    const csv = await cli([
      'read-cvr',
      real('ess/ess_cvr.csv'),
      real('ess/ess_ballots_1.csv'),
      real('ess/ess_ballots_2.csv'),
      '--format',
      'csv',
    ]);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'file,format,contest_id,contest,vote_for,ranks,option_id,option,votes,by_rank,ballots_with_contest,ballots_overvoted,overvoted_positions,undervoted_positions,aggregated_votes,aggregated_ballots,aggregated_rows_without_ballots',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(6, 14).join(','))).toEqual([
      'Choice 1-2,Choice 1-2,6,,14,1,1,1',
      'Choice 1-1,Choice 1-1,6,,14,1,1,1',
      'Choice 2-1,Choice 2-1,8,,14,0,0,0',
      'Choice 2-2,Choice 2-2,4,,14,0,0,0',
      'Choice 2-3,Choice 2-3,2,,14,0,0,0',
    ]);
    const mystery = await cli(['read-cvr', join(job, 'input/cvr/mystery.csv')]);
    expect(mystery.code).toBe(1);
    expect(mystery.stdout).toContain('unknown CVR layout');
    expect((await cli(['read-cvr'])).code).toBe(2);
  });

  it('is named by the repository root package, so npx finds it locally', async () => {
    const repo = join(root, '../..');
    const pkg = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as {
      bin?: Record<string, string>;
    };
    const bin = pkg.bin?.['scrutineer-audit'];
    expect(bin).toBe('packages/audit-core/bin/scrutineer-audit.js');
    const own = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      bin?: Record<string, string>;
    };
    expect(join(root, own.bin?.['scrutineer-audit'] ?? '')).toBe(join(repo, bin ?? ''));
    const text = await readFile(join(repo, bin ?? ''), 'utf8');
    expect(text).toContain("import('../dist/cli.js')");
    // Started as a worker is: with the V8 flags of `npm run worker`.
    const scripts = (pkg as { scripts?: Record<string, string> }).scripts ?? {};
    const flags = (scripts.worker ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
    expect(flags.length).toBeGreaterThan(0);
    expect(text.split('\n')[0]).toBe(`#!/usr/bin/env -S node ${flags.join(' ')}`);
    // The line runs: the command answers, built (its usage) or not (how to build it).
    const run = spawnSync(join(repo, bin ?? ''), ['--help'], { encoding: 'utf8' });
    expect(run.error).toBeUndefined();
    expect(`${run.stdout}${run.stderr}`).toMatch(/Usage: scrutineer-audit|not built yet/);
  });
});
