import { parse } from 'csv-parse/sync';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../image/decide.js';
import type { TargetSpec } from '../image/targets.js';
import { readBytes, type JobStore } from '../storage/index.js';
import { electionInfo, PATHS } from './job.js';

/** The JOB file settings the engine reads (docs/job-file-format.md lists them). */
export interface EngineSettings {
  thresholds: Thresholds;
  /** Half-size of the search round each target, in inches. */
  window?: number;
  targets: TargetSpec;
}

/**
 * Reads the JOB file (`input/job.csv`, `group,argument,value`) and the election file's
 * `target` for what the reader needs. A value absent from the file keeps the engine's own
 * default: `mark_threshold` (percent) is the fill above the ballot's blank level that is a
 * vote, `marginal_low` the fill below which a target is blank (between them, gray),
 * `search_window` (hundredths of an inch) how far a target is looked for, `target_shape` `box`
 * keeps rectangular outlines only (`oval`, the form's default, excludes nothing).
 */
export async function readEngineSettings(store: JobStore): Promise<EngineSettings> {
  const values = await readJobSettings(store);
  const percent = (name: string): number | undefined => {
    const n = Number(values.get(name));
    return values.has(name) && Number.isFinite(n) && n >= 0 && n <= 100 ? n / 100 : undefined;
  };
  const vote = percent('mark_threshold') ?? DEFAULT_THRESHOLDS.vote;
  const blank = Math.min(vote, percent('marginal_low') ?? DEFAULT_THRESHOLDS.blank);
  const window = Number(values.get('search_window'));
  const eif = await electionInfo(store);
  const shape = values.get('target_shape') ?? eif?.target?.shape;
  return {
    thresholds: { vote, blank },
    ...(values.has('search_window') && window > 0 ? { window: window / 100 } : {}),
    targets: {
      ...(shape === 'box' || shape === 'oval' || shape === 'arrow' ? { shape } : {}),
      ...(eif?.target?.width && eif.target.height
        ? { width: eif.target.width, height: eif.target.height }
        : {}),
    },
  };
}

/**
 * The job's JOB settings file (`input/job.csv`): each argument's value, trimmed, in any group;
 * blank values left out; empty when the job has no such file. Columns are found by the
 * `group,argument,value` header, or taken in that order when the file has none. The one
 * reader of the file for every stage.
 */
export async function readJobSettings(store: JobStore): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  if (!(await store.exists(PATHS.jobSettings))) return values;
  const rows: string[][] = parse(await readBytes(store, PATHS.jobSettings), {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  const header = rows[0]?.map((cell) => cell.toLowerCase()) ?? [];
  const hasHeader = header.includes('argument') && header.includes('value');
  const argumentAt = hasHeader ? header.indexOf('argument') : 1;
  const valueAt = hasHeader ? header.indexOf('value') : 2;
  for (const row of hasHeader ? rows.slice(1) : rows) {
    const argument = row[argumentAt];
    const value = row[valueAt];
    if (argument && value) values.set(argument, value);
  }
  return values;
}

const TRUE = /^(true|yes|1|on)$/i;

/**
 * A yes/no argument of the JOB settings file: true only when set to `true`, `yes`, `1` or
 * `on`; false when absent or when the file cannot be read as CSV (precheck names that).
 */
export async function jobFlag(store: JobStore, argument: string): Promise<boolean> {
  try {
    return TRUE.test((await readJobSettings(store)).get(argument) ?? '');
  } catch {
    return false;
  }
}
