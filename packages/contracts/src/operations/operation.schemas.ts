import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import {
  JOB_CONTROL_STATUSES,
  OPERATION_ACTIONS,
  OPERATION_STAGES,
  OPERATION_STATUSES,
  POLLED_STATUSES,
} from './operation.constants.js';

const jobId = recordIdSchema;
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])])
  .transform((v) => v === true || (typeof v === 'string' && v.toLowerCase() === 'true'));

export const operationStatusSchema = z.enum(OPERATION_STATUSES);
export const operationStageSchema = z.enum(OPERATION_STAGES);

/** A report or download link; it opens in a new window (signed, expiring URL). */
export const operationLinkSchema = z.object({ text: z.string(), url: z.string() });
export type OperationLink = z.infer<typeof operationLinkSchema>;

export const operationCanSchema = z.object({
  /** unbuilt-ready, job Auditor. */
  run: z.boolean(),
  /** RUNNING, any member. */
  stop: z.boolean(),
  /** STOPPED or FAILURE, Auditor. */
  reset: z.boolean(),
  /** built, SUCCESS or built-new, Auditor: forced refresh or forced rerun. */
  refresh: z.boolean(),
  rerun: z.boolean(),
  /** Every status but unbuilt-notready. */
  logs: z.boolean(),
});
export type OperationCan = z.infer<typeof operationCanSchema>;

/** Progress of a stage that fans out per batch of ballots (the running-stage table). */
export const operationBatchesSchema = z.object({ done: z.number().int(), total: z.number().int() });

/** One stage of a job as an operation (spec part 3 §3). */
export const operationSchema = z.object({
  /** Row id: the `{id}` of stop, refresh and status calls. */
  id: z.number().int(),
  job_id: z.number().int(),
  /** The stage name (precheck … archive). */
  operation: operationStageSchema,
  /** Unique name `{job_id}_{operation}`: the folder of /logs/operation-logs/{name}/log.txt. */
  name: z.string(),
  /** The older job-control label (Prescan, Final Report, …). */
  label: z.string(),
  description: z.string(),
  help: z.string(),
  group_id: z.string(),
  status: operationStatusSchema,
  /** The older job-control list's status for this stage. */
  control_status: z.enum(JOB_CONTROL_STATUSES),
  running: z.boolean(),
  percent: z.number(),
  /** Last outcome text (problems count, error), empty before a run. */
  result: z.string(),
  /** The queue id of the current or last run; null after reset. */
  operation_id: z.string().nullable(),
  /** Root-relative address of the log (…/log.txt), or empty when there is none. */
  logs: z.string(),
  reports: z.array(operationLinkSchema),
  downloads: z.array(operationLinkSchema),
  batches: operationBatchesSchema.nullable(),
  /** Stages this one needs built before it is ready. */
  needs: z.array(operationStageSchema),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  can: operationCanSchema,
});
export type Operation = z.infer<typeof operationSchema>;

export const operationListSchema = z.object({
  items: z.array(operationSchema),
  /** What the caller may do on the job as a whole (Run All, Reset of several rows). */
  can: z.object({ run: z.boolean(), stop: z.boolean(), reset: z.boolean() }),
});
export type OperationList = z.infer<typeof operationListSchema>;

export const jobOperationsParamsSchema = z.object({ jobId });
/** `{id}` of stop/refresh/status calls: the operation's row id, or its operation_id. */
export const operationRefParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export type OperationRefParams = z.infer<typeof operationRefParamsSchema>;

/** POST /job-operations: launch a stage (spec part 3 §3 "launch"). */
export const operationLaunchBodySchema = z.object({
  job_id: jobId,
  operation: operationStageSchema,
  /** 'run' (the default) or 'rerun'; force_rebuild on a built stage is a rerun as well. */
  action: z.enum(OPERATION_ACTIONS).default('run'),
  group_id: z.string().trim().max(100).optional(),
  /** Run again a stage that is built (forced rerun); later stages become built-new. */
  force_rebuild: flag.default(false),
  /** Delete the stage's previous outputs before running. */
  clear_results: flag.default(false),
});
export type OperationLaunchBody = z.infer<typeof operationLaunchBodySchema>;

export const operationLaunchedSchema = z.object({
  message: z.string(),
  operation_id: z.string(),
  operation: operationSchema,
});

/** Answer of stop and reset. */
export const operationChangedSchema = z.object({
  message: z.string(),
  operation: operationSchema,
});

/** A status poll: REVOKED maps to STOPPED and PENDING to RUNNING before it is answered. */
export const operationStatusPollSchema = z.object({
  id: z.number().int(),
  operation_id: z.string().nullable(),
  status: operationStatusSchema,
  /** The queue's own state before mapping (REVOKED, PENDING, …). */
  raw_status: z.enum(POLLED_STATUSES),
  percent: z.number(),
  operation: operationSchema,
});
export type OperationStatusPoll = z.infer<typeof operationStatusPollSchema>;

/** GET /job-operations/pipeline-status/{jobId}: every stage's status and the running stages. */
export const pipelineStatusSchema = z.object({
  job_id: z.number().int(),
  /** RUNNING while any stage runs, SUCCESS when every stage is built, else the last stage status reached. */
  status: z.string(),
  /** False when the job has no adopted inputs to run on (the pipeline file is missing). */
  pipeline_file: z.boolean(),
  stages: z.array(
    z.object({
      operation: operationStageSchema,
      status: operationStatusSchema,
      percent: z.number(),
    }),
  ),
  running: z.array(operationSchema),
});
export type PipelineStatus = z.infer<typeof pipelineStatusSchema>;

/** Log text as served under /logs/operation-logs/. */
export const operationLogParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });
