/** Audit stages as functions over a job's store, each with progress, a log and batches. */
import type { JobStore } from '../storage/index.js';
import { genBif } from './bif.js';
import { compareCvr } from './compare.js';
import {
  joinBatchLogs,
  StageContext,
  StageFailure,
  type BatchRef,
  type StageName,
  type StageOptions,
  type StageProblem,
} from './context.js';
import { extractBatches, extractVote, joinExtract } from './extract.js';
import { precheck } from './precheck.js';
import { assessStage, describeShortfall, shortfallProblem, type StageShortfall } from './status.js';
import { archiveJob, exportJob, genReport } from './report.js';
import { genStyles } from './styles.js';
import { genTemplates } from './templates.js';

export interface StageDefinition {
  name: StageName;
  description: string;
  needs: StageName[];
  /** How many batches the stage splits into; 1 for stages that run whole. */
  batches(store: JobStore, options: StageOptions): Promise<number>;
  run(ctx: StageContext): Promise<void>;
  /** Joins the batches' outputs once every batch has run. */
  join?(store: JobStore, count: number): Promise<void>;
}

const whole = async (): Promise<number> => 1;

export const STAGES: StageDefinition[] = [
  {
    name: 'precheck',
    description: 'list every input with its SHA-256, count images and records, list problems',
    needs: [],
    batches: whole,
    run: precheck,
  },
  {
    name: 'gen_bif',
    description: 'build the Ballot Information File: image index joined with the CVR index',
    needs: ['precheck'],
    batches: whole,
    run: genBif,
  },
  {
    name: 'genstyles',
    description: 'give every sheet its style and choose up to 50 exemplars per style',
    needs: ['gen_bif'],
    batches: whole,
    run: genStyles,
  },
  {
    name: 'gentemplates',
    description: 'build templates, find and map targets, draw redline proofs',
    needs: ['genstyles'],
    batches: whole,
    run: genTemplates,
  },
  {
    name: 'extractvote',
    description: 'read every sheet against its template; marginal marks are flagged gray',
    needs: ['gentemplates'],
    batches: (store, options) => extractBatches(store, options.batchSize),
    run: extractVote,
    join: joinExtract,
  },
  {
    name: 'cmpcvr',
    description: 'compare image votes with the CVR sheet by sheet and contest by contest',
    needs: ['extractvote'],
    batches: whole,
    run: compareCvr,
  },
  {
    name: 'genreport',
    description: 'write the report as HTML with charts, CSV and PDF',
    needs: ['cmpcvr'],
    batches: whole,
    run: genReport,
  },
  {
    name: 'export',
    description: 'zip the BIF, votes, comparison and report for download',
    needs: ['genreport'],
    batches: whole,
    run: exportJob,
  },
  {
    name: 'archive',
    description: 'zip every output and log, with a SHA-256 inventory of all files',
    needs: ['export'],
    batches: whole,
    run: archiveJob,
  },
];

export function stageNamed(name: string): StageDefinition | undefined {
  return STAGES.find((s) => s.name === name);
}

export interface StageResult {
  stage: StageName;
  /** PROBLEMS: the stage ran to its end but left styles without a template or sheets unread. */
  status: 'SUCCESS' | 'PROBLEMS' | 'FAILURE' | 'STOPPED';
  problems: StageProblem[];
  error?: string;
  /** What was left undone, with PROBLEMS. */
  shortfall?: StageShortfall;
  /** With PROBLEMS: the counts and reasons in one line. */
  summary?: string;
}

/** Runs one batch of a stage; its log and problems are written even when it fails. */
export async function runBatch(
  stage: StageDefinition,
  store: JobStore,
  batch: BatchRef,
  options: StageOptions = {},
): Promise<StageResult> {
  const ctx = new StageContext(stage.name, store, options, batch);
  if (batch.index === 0 || batch.count === 1)
    ctx.info(`${stage.name} started (batch ${batch.index + 1} of ${batch.count})`);
  try {
    await stage.run(ctx);
    return { stage: stage.name, status: 'SUCCESS', problems: ctx.problems };
  } catch (error) {
    const stopped = options.signal?.aborted ?? false;
    const message = error instanceof Error ? error.message : String(error);
    ctx.problem({
      severity: 'fatal',
      code: stopped ? 'stopped' : error instanceof StageFailure ? 'stage-failed' : 'stage-error',
      file: stage.name,
      message,
    });
    return {
      stage: stage.name,
      status: stopped ? 'STOPPED' : 'FAILURE',
      problems: ctx.problems,
      error: message,
    };
  } finally {
    await ctx.flush();
  }
}

/** Joins a stage run in batches: outputs, then logs and problems. */
export async function joinBatches(
  stage: StageDefinition,
  store: JobStore,
  count: number,
): Promise<StageProblem[]> {
  await stage.join?.(store, count);
  return count > 1 ? joinBatchLogs(store, stage.name, count) : [];
}

/**
 * Ends a stage whose batches all ran: joins them, then looks at what it left undone. The
 * outcome is SUCCESS, or PROBLEMS with the shortfall (sheets not read and why).
 */
export async function finishStage(
  stage: StageDefinition,
  store: JobStore,
  count: number,
  options: Pick<StageOptions, 'now'> = {},
): Promise<StageResult> {
  const problems = await joinBatches(stage, store, count);
  const shortfall = await assessStage(stage.name, store, options.now);
  if (!shortfall) return { stage: stage.name, status: 'SUCCESS', problems };
  return {
    stage: stage.name,
    status: 'PROBLEMS',
    problems: [...problems, shortfallProblem(stage.name, shortfall)],
    shortfall,
    summary: describeShortfall(shortfall),
  };
}

/** Runs a stage whole in this process: every batch in turn, then the join. */
export async function runStage(
  stage: StageDefinition,
  store: JobStore,
  options: StageOptions = {},
): Promise<StageResult> {
  const count = await stage.batches(store, options);
  const problems: StageProblem[] = [];
  let done = 0;
  for (let index = 0; index < count; index += 1) {
    const result = await runBatch(
      stage,
      store,
      { index, count },
      {
        ...options,
        onProgress: (p) =>
          options.onProgress?.({
            ...p,
            percent: Math.floor(((done + p.done / Math.max(1, p.total)) / count) * 100),
          }),
      },
    );
    done += 1;
    problems.push(...result.problems);
    if (result.status !== 'SUCCESS') {
      if (count > 1) await joinBatchLogs(store, stage.name, index + 1);
      return { ...result, problems };
    }
  }
  const finished = await finishStage(stage, store, count, options);
  options.onProgress?.({ stage: stage.name, done: 1, total: 1, percent: 100 });
  const { shortfall } = finished;
  return {
    ...finished,
    problems: shortfall ? [...problems, shortfallProblem(stage.name, shortfall)] : problems,
  };
}

/**
 * Runs stages in order from the first named to the last, stopping at a failure, and at a
 * stage that finished with problems unless `goOn` says to carry on past it.
 */
export async function runPipeline(
  store: JobStore,
  from: StageName,
  to: StageName,
  options: StageOptions & { goOn?: boolean } = {},
): Promise<StageResult[]> {
  const start = STAGES.findIndex((s) => s.name === from);
  const end = STAGES.findIndex((s) => s.name === to);
  const results: StageResult[] = [];
  for (const stage of STAGES.slice(start, end + 1)) {
    const result = await runStage(stage, store, options);
    results.push(result);
    if (result.status === 'PROBLEMS' && options.goOn) continue;
    if (result.status !== 'SUCCESS') break;
  }
  return results;
}

export {
  StageContext,
  StageFailure,
  type BatchRef,
  type StageName,
  type StageOptions,
  type StageProblem,
  type StageProgress,
} from './context.js';
export { PATHS, type ElectionInfo } from './job.js';
export {
  editedMapKey,
  exemplarKey,
  findEditedMap,
  targetFromBox,
  withEditedMap,
  type EditedTargetMap,
  type MappedBox,
} from './target-maps.js';
export { loadTemplates, type StoredTemplate } from './template-files.js';
export { readCsv, readCsvAll, readJsonLines, writeCsv, logKey, problemsKey } from './context.js';
export { REPORT_COLUMNS } from './report.js';
export { cropDisagreements } from './report-crops.js';
export type { ReportContext } from './report-front.js';
export { makeCrops, type CropContext, type CropRequest } from './report-crops.js';
export {
  countedVotes,
  findSampledImages,
  sampledCropRequests,
  threeWay,
  type ImageContestReading,
  type SampledBallotRef,
  type SampledContestRef,
  type SampledImage,
  type SampledImages,
} from './sampled-images.js';
export type { ReportRla, ReportRlaResult } from './report-rla.js';
export {
  renderAdjudicationPages,
  type PageTarget,
  type RenderedPage,
} from './adjudication-pages.js';
export { classify, cvrChoice, type ContestClass, type SheetClass } from './classify.js';
export type { StoredCvrBallot } from './bif.js';
export { sheetKey } from './images.js';
export {
  assessStage,
  describeShortfall,
  readShortfall,
  shortfallKey,
  shortfallProblem,
  type ShortfallReason,
  type StageShortfall,
} from './status.js';
