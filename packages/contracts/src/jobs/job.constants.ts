/** Job file types (spec part 3 §9) with their labels. */
export const JOB_FILE_TYPES = ['JOB', 'EIF', 'BOF', 'STC', 'JSON', 'BMF'] as const;
export type JobFileType = (typeof JOB_FILE_TYPES)[number];
export const JOB_FILE_TYPE_LABELS: Record<JobFileType, string> = {
  JOB: 'Job Configuration',
  EIF: 'Election Information',
  BOF: 'Ballot Options',
  STC: 'Manual Styles to Contests',
  JSON: 'Election Json',
  BMF: 'Ballot Manifest',
};
/** Election file types a job adopts from its election. */
export const ADOPTED_FILE_TYPES = ['BIA', 'CVR', 'BSM'] as const;

export const JOB_FILE_LIMITS = {
  accept: '.csv',
  maxSizeMb: 5,
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 4,
  parallel: 4,
  timeoutMs: 3_600_000,
} as const;

export const ATTACHMENT_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  accept:
    'image/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export const VENDORS = ['ES&S', 'Dominion'] as const;
export type Vendor = (typeof VENDORS)[number];

/** The pipeline's stages in order (ARCHITECTURE.md). */
export const AUDIT_STAGES = [
  'precheck',
  'gen_bif',
  'genstyles',
  'gentemplates',
  'extractvote',
  'cmpcvr',
  'adjudicate',
  'genreport',
  'export',
  'archive',
] as const;
export type AuditStage = (typeof AUDIT_STAGES)[number];

export const ARG_TYPES = ['bool', 'int', 'str', 'list'] as const;
export type ArgType = (typeof ARG_TYPES)[number];

/** The audit type every job uses unless the Admin adds others; its id is the group tab ID. */
export const DEFAULT_AUDIT_TYPE = 'ballot_image_audit';
export const DEFAULT_ARG_GROUP = 'bia_specs';

/** Disable-All and Authorized-All-Audits ranges of the permission dialog (spec §9). */
export const PERMISSION_RANGES = {
  disableAll: { start: 1, end: 10_000 },
  authorizeAll: { start: 1, end: 1000 },
} as const;

/** `JOB_{jobname}.csv`: the stage-setting job file of a job. */
export const jobFileNameFor = (jobName: string): string =>
  `JOB_${jobName.trim().replace(/[^A-Za-z0-9_-]+/g, '_')}.csv`;
/** `{jobname}-setting.json`: the generated setting file. */
export const settingFileNameFor = (jobName: string): string =>
  `${jobName.trim().replace(/[^A-Za-z0-9_-]+/g, '_')}-setting.json`;
/** Names containing JOB_ are type JOB. */
export const isJobFileName = (name: string): boolean => name.includes('JOB_');
