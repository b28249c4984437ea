import { parse } from 'csv-parse/sync';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBytes, readJson } from '../storage/index.js';
import { readCsvAll, type StageContext } from './context.js';
import { electionInfo, listKeys, PATHS } from './job.js';
import { readEngineSettings } from './job-settings.js';

/**
 * What the server knows and the engine does not, written to `genreport/context.json` before
 * genreport runs: the job, the election as registered, and who started the run.
 */
export interface ReportContext {
  job?: { id?: number; name?: string };
  election?: { name?: string; date?: string; jurisdiction?: string };
  ran_by?: string;
  started_at?: string;
  engine_commit?: string;
}

export interface FileHash {
  key: string;
  bytes: number;
  sha256: string;
}

export interface FrontMatter {
  title: string;
  election: string;
  jurisdiction: string;
  electionDate: string;
  job: string;
  ranBy: string;
  generatedAt: string;
  engineVersion: string;
  engineCommit: string;
  /** The JOB file's rows as given, then the values the engine used. */
  settings: { group: string; argument: string; value: string }[];
  inputs: FileHash[];
  outputs: FileHash[];
}

const here = dirname(fileURLToPath(import.meta.url));

function engineVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The commit: from the environment or the server, else the checkout the engine runs from. */
function engineCommit(context: ReportContext): string {
  const given = process.env.SCRUTINEER_COMMIT ?? context.engine_commit;
  if (given) return given;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: here,
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'not recorded';
  }
}

async function hashKey(ctx: StageContext, key: string): Promise<FileHash> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of await ctx.store.read(key)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { key, bytes, sha256: hash.digest('hex') };
}

/** SHA-256 of bytes the stage writes itself (the report's own files). */
export const hashBytes = (key: string, body: Buffer | string): FileHash => ({
  key,
  bytes: Buffer.byteLength(body),
  sha256: createHash('sha256').update(body).digest('hex'),
});

/** Outputs of the stages before the report: every file but inputs, batch parts and later stages. */
const isEarlierOutput = (key: string): boolean =>
  !key.startsWith('input/') &&
  !key.startsWith('genreport/') &&
  !key.startsWith('export/') &&
  !key.startsWith('archive/') &&
  !key.includes('/batches/') &&
  !key.startsWith('logs/operation-logs/genreport/');

export async function frontMatter(ctx: StageContext): Promise<FrontMatter> {
  const context = (await ctx.store.exists(PATHS.reportContext))
    ? await readJson<ReportContext>(ctx.store, PATHS.reportContext)
    : {};
  const jobRows: { group: string; argument: string; value: string }[] = [];
  if (await ctx.store.exists(PATHS.jobSettings))
    for (const row of parse<Record<string, string>>(await readBytes(ctx.store, PATHS.jobSettings), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }))
      if (row.argument)
        jobRows.push({
          group: row.group ?? '',
          argument: row.argument,
          value: row.value ?? '',
        });
  const engine = await readEngineSettings(ctx.store);
  const settings = [
    ...jobRows.map((r) => ({ ...r, group: `JOB file: ${r.group}` })),
    {
      group: 'engine',
      argument: 'mark threshold (fill above blank)',
      value: String(engine.thresholds.vote),
    },
    {
      group: 'engine',
      argument: 'blank below (gray between)',
      value: String(engine.thresholds.blank),
    },
    {
      group: 'engine',
      argument: 'search window (inches)',
      value: engine.window === undefined ? 'default' : String(engine.window),
    },
    { group: 'engine', argument: 'target shape', value: engine.targets.shape ?? 'any' },
  ];
  const eif = await electionInfo(ctx.store);
  const election = context.election?.name || eif?.name || '';
  const title =
    jobRows.find((r) => r.argument === 'report_title')?.value.trim() ||
    election ||
    'Ballot image audit report';
  const inputs = (await readCsvAll(ctx.store, PATHS.precheckInputs)).map((r) => ({
    key: r.key ?? '',
    bytes: Number(r.bytes),
    sha256: r.sha256 ?? '',
  }));
  const outputs: FileHash[] = [];
  for (const key of (await listKeys(ctx.store, '')).filter(isEarlierOutput)) {
    ctx.checkCancelled();
    outputs.push(await hashKey(ctx, key));
  }
  return {
    title,
    election: election || 'not given',
    jurisdiction: context.election?.jurisdiction || 'not given',
    electionDate: context.election?.date || 'not given',
    job: context.job?.name
      ? `${context.job.name}${context.job.id ? ` (job ${context.job.id})` : ''}`
      : 'not given',
    ranBy: context.ran_by || 'not given',
    generatedAt: (ctx.options.now?.() ?? new Date()).toISOString(),
    engineVersion: engineVersion(),
    engineCommit: engineCommit(context),
    settings,
    inputs,
    outputs,
  };
}
