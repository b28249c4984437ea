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
  const values = new Map<string, string>();
  if (await store.exists(PATHS.jobSettings)) {
    const rows = parse<Record<string, string>>(await readBytes(store, PATHS.jobSettings), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
    for (const row of rows)
      if (row.argument && row.value?.trim()) values.set(row.argument, row.value.trim());
  }
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
