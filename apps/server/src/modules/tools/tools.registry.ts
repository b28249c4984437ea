import yazl from 'yazl';
import {
  PATHS,
  readCsvAll,
  runStage,
  stageNamed,
  type JobStore,
  type StageResult,
} from '@scrutineer/audit-core';
import { OPERATION_STAGES, type ActionSpec } from '@scrutineer/contracts';

export interface ToolContext {
  /** The job's pipeline seen through the run's folder (reads fall through, writes stay). */
  store: JobStore;
  operands: Record<string, unknown>;
  signal: AbortSignal;
  log(line: string): void;
  progress(percent: number): void;
}

/** Files a run leaves in its folder, listed as reports or downloads. */
export interface ToolOutputs {
  reports: [string, string][];
  downloads: [string, string][];
  result: string;
}

export interface ToolFunction extends ActionSpec {
  run(ctx: ToolContext): Promise<ToolOutputs>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

async function stageOnly(ctx: ToolContext, keep: (key: string) => boolean): Promise<StageResult> {
  const precheck = stageNamed('precheck');
  if (!precheck) throw new Error('precheck is missing from the engine');
  const inputs: string[] = [];
  for await (const object of ctx.store.list('input/')) inputs.push(object.key);
  const only: JobStore = {
    read: (key) => ctx.store.read(key),
    write: (key, body) => ctx.store.write(key, body),
    exists: async (key) => (key.startsWith('input/') && !keep(key) ? false : ctx.store.exists(key)),
    remove: (prefix) => ctx.store.remove(prefix),
    async *list(prefix) {
      for await (const object of ctx.store.list(prefix))
        if (!object.key.startsWith('input/') || keep(object.key)) yield object;
    },
  };
  return runStage(precheck, only, {
    signal: ctx.signal,
    onLog: (line) => ctx.log(line),
    onProgress: (p) => ctx.progress(p.percent),
  });
}

async function summaryOf(ctx: ToolContext, result: StageResult): Promise<string> {
  if (result.status !== 'SUCCESS') throw new Error(result.error ?? result.status);
  const rows = await readCsvAll(ctx.store, PATHS.precheckInputs);
  return rows
    .map(
      (r) =>
        `${r.key}: ${r.images || 0} images, ${r.records || 0} records, ${r.problems || 0} problems`,
    )
    .join('; ');
}

async function zipPrefix(ctx: ToolContext, prefix: string, target: string): Promise<number> {
  const zip = new yazl.ZipFile();
  const keys: string[] = [];
  for await (const object of ctx.store.list(prefix)) keys.push(object.key);
  const done = ctx.store.write(target, zip.outputStream);
  for (const [i, key] of keys.entries()) {
    ctx.signal.throwIfAborted();
    zip.addReadStream(await ctx.store.read(key), key);
    ctx.progress(Math.floor(((i + 1) / Math.max(1, keys.length)) * 100));
  }
  zip.end();
  await done;
  return keys.length;
}

/**
 * The tool functions a tool row may name. A row never holds a command: its `op` picks one of
 * these and its operands are checked against the function's list before it runs.
 */
export const TOOL_FUNCTIONS: ToolFunction[] = [
  {
    id: 'rescan_archive',
    function_name: 'rescan_archive',
    script: 'audit-core precheck (one archive)',
    api_entry: '/compute/tools-execute',
    operands: {
      job_id: { type: 'int', required: true, help: 'The job whose archive is re-scanned.' },
      archive: { type: 'str', required: true, help: 'The BIA archive name, e.g. ballots.zip.' },
    },
    help_text: 'Re-scan one ballot image archive: count its images and list unreadable entries.',
    needs_job: true,
    async run(ctx) {
      const name = str(ctx.operands.archive);
      const result = await stageOnly(ctx, (key) => key === `input/images/${name}`);
      return {
        reports: [
          ['Inputs (CSV)', PATHS.precheckInputs],
          ['Problems (CSV)', 'precheck/problems.csv'],
        ],
        downloads: [],
        result: await summaryOf(ctx, result),
      };
    },
  },
  {
    id: 'recount_cvr',
    function_name: 'recount_cvr',
    script: 'audit-core precheck (CVR files)',
    api_entry: '/compute/tools-execute',
    operands: {
      job_id: { type: 'int', required: true, help: 'The job whose CVR files are counted.' },
      cvr: { type: 'str', required: false, help: 'One CVR file name; all CVR files when empty.' },
    },
    help_text: 'Recount the records of the cast vote records and list their problems.',
    needs_job: true,
    async run(ctx) {
      const name = str(ctx.operands.cvr);
      const result = await stageOnly(ctx, (key) =>
        name
          ? key === `input/cvr/${name}` || key.startsWith(`input/cvr/${name}/`)
          : key.startsWith('input/cvr/'),
      );
      return {
        reports: [
          ['Inputs (CSV)', PATHS.precheckInputs],
          ['Problems (CSV)', 'precheck/problems.csv'],
        ],
        downloads: [],
        result: await summaryOf(ctx, result),
      };
    },
  },
  {
    id: 'regenerate_report',
    function_name: 'regenerate_report',
    script: 'audit-core genreport',
    api_entry: '/compute/tools-execute',
    operands: {
      job_id: { type: 'int', required: true, help: 'The job whose final report is written again.' },
    },
    help_text:
      'Write the final report again from the comparison and the latest adjudication decisions, without touching the stage outputs.',
    needs_job: true,
    async run(ctx) {
      const genreport = stageNamed('genreport');
      if (!genreport) throw new Error('genreport is missing from the engine');
      const result = await runStage(genreport, ctx.store, {
        signal: ctx.signal,
        onLog: (line) => ctx.log(line),
        onProgress: (p) => ctx.progress(p.percent),
      });
      if (result.status !== 'SUCCESS') throw new Error(result.error ?? result.status);
      return {
        reports: [
          ['Final report (HTML)', PATHS.reportHtml],
          ['Final report (CSV)', PATHS.reportCsv],
          ['Final report (PDF)', PATHS.reportPdf],
        ],
        downloads: [],
        result: `${result.problems.length} problems`,
      };
    },
  },
  {
    id: 'export_stage',
    function_name: 'export_stage',
    script: 'zip of one stage folder',
    api_entry: '/compute/tools-execute',
    operands: {
      job_id: { type: 'int', required: true, help: 'The job.' },
      stage: { type: 'stage', required: true, help: `One of ${OPERATION_STAGES.join(', ')}.` },
    },
    help_text: "Export a stage's outputs as one zip.",
    needs_job: true,
    async run(ctx) {
      const stage = str(ctx.operands.stage);
      const target = `export-stage/${stage}.zip`;
      const count = await zipPrefix(ctx, `${stage}/`, target);
      ctx.log(`${new Date().toISOString()} INFO ${count} files of ${stage} zipped`);
      return {
        reports: [],
        downloads: [[`${stage} outputs (zip)`, target]],
        result: `${count} files`,
      };
    },
  },
];

export const toolFunction = (op: string) => TOOL_FUNCTIONS.find((t) => t.function_name === op);

/** Checks operands against the function's list; answers the first problem or null. */
export function checkOperands(fn: ToolFunction, operands: Record<string, unknown>): string | null {
  for (const [name, spec] of Object.entries(fn.operands)) {
    const value = operands[name];
    const empty = value === undefined || value === null || value === '';
    if (empty) {
      if (spec.required) return `${name}: Required.`;
      continue;
    }
    if (spec.type === 'int' && !Number.isInteger(Number(value)))
      return `${name}: Must be a whole number.`;
    if (spec.type === 'bool' && typeof value !== 'boolean' && !/^(true|false)$/i.test(text(value)))
      return `${name}: Must be TRUE or FALSE.`;
    if (spec.type === 'str' && (typeof value !== 'string' || /[/\\]|\.\./.test(value)))
      return `${name}: Must be a file name.`;
    if (spec.type === 'stage' && !(OPERATION_STAGES as readonly string[]).includes(text(value)))
      return `${name}: Must be one of ${OPERATION_STAGES.join(', ')}.`;
  }
  return null;
}

export const presentSpec = (fn: ToolFunction): ActionSpec => ({
  id: fn.id,
  function_name: fn.function_name,
  script: fn.script,
  api_entry: fn.api_entry,
  operands: fn.operands,
  help_text: fn.help_text,
  needs_job: fn.needs_job,
});
