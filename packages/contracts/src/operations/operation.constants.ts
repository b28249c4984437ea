import { AUDIT_STAGES, type AuditStage } from '../jobs/job.constants.js';

/**
 * Staged operation statuses (spec part 3 §4), spelled as the spec spells them, and PROBLEMS:
 * a stage that ran to its end but left styles without a template or sheets unread
 * ("finished with problems"; built, so later stages may run, but never plain SUCCESS).
 */
export const OPERATION_STATUSES = [
  'None',
  'unbuilt-notready',
  'unbuilt-ready',
  'RUNNING',
  'STOPPED',
  'FAILURE',
  'SUCCESS',
  'built',
  'built-new',
  'PROBLEMS',
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** What a status poll may answer before mapping: queue states pass through the mapping below. */
export const POLLED_STATUSES = [...OPERATION_STATUSES, 'REVOKED', 'PENDING'] as const;
export type PolledStatus = (typeof POLLED_STATUSES)[number];

/** Actions of POST /job-operations: run a ready stage, or force a rerun of a built one. */
export const OPERATION_ACTIONS = ['run', 'rerun'] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

/** The stages in pipeline order; each is one operation of a job. */
export const OPERATION_STAGES = AUDIT_STAGES;
export type OperationStage = AuditStage;

/** Labels of the older fixed-operation job-control list (spec part 3 §4). */
export const JOB_CONTROL_LABELS: Record<OperationStage, string> = {
  precheck: 'precheck',
  gen_bif: 'Prescan',
  genstyles: 'genstyles',
  gentemplates: 'gentemplates',
  extractvote: 'extractvote',
  cmpcvr: 'cmpcvr',
  adjudicate: 'adjudicate',
  genreport: 'Final Report',
  export: 'export',
  archive: 'archive',
};

/** Statuses of the older job-control list: precheck starts Ready, the others Not Ready. */
export const JOB_CONTROL_STATUSES = [
  'Ready',
  'Not Ready',
  'Running',
  'Stopped',
  'Failed',
  'Done',
] as const;
export type JobControlStatus = (typeof JOB_CONTROL_STATUSES)[number];

/** Polling and paging constants of operations and tools (spec part 3 §9). */
export const OPERATION_TIMINGS = {
  /** Operations reload while the Audit Operations tab is open; tool status while Tools is. */
  jobPagePollMs: 2000,
  /** Log tail of the staged view and the tool log viewer. */
  stagedLogPollMs: 1500,
  /** Log tail of the older job-control view. */
  olderLogPollMs: 3000,
  /** The Restart RDS button stays disabled this long after a press. */
  restartButtonDisabledMs: 30_000,
} as const;

export const OPERATIONS_PER_PAGE = 50;
export const TOOLS_PER_PAGE = 50;
