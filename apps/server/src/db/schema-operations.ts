import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns.js';
import { auditJobs } from './schema-jobs.js';
import { users } from './schema.js';

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** One stage of a job's pipeline (precheck … archive); its status follows the spec's rules. */
export const jobOperations = pgTable(
  'job_operations',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    position: integer('position').notNull(),
    status: text('status').notNull(),
    percent: integer('percent').notNull().default(0),
    result: text('result').notNull().default(''),
    /** The current run's id (also the id of its queue job); null after a reset. */
    operationId: text('operation_id'),
    groupId: text('group_id').notNull().default(''),
    clearResults: boolean('clear_results').notNull().default(false),
    batchesTotal: integer('batches_total'),
    batchesDone: integer('batches_done').notNull().default(0),
    /** Set by the one batch that joins the others, so the join runs once. */
    joinClaimed: boolean('join_claimed').notNull().default(false),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: stamp('started_at'),
    finishedAt: stamp('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_operations_job_operation_key').on(t.jobId, t.operation),
    uniqueIndex('job_operations_operation_id_key').on(t.operationId),
    index('job_operations_status_idx').on(t.status),
  ],
);

/**
 * One batch of a run that fans out. A worker claims it by bumping `attempt`; only the attempt
 * that claimed it may finish it, so a batch retried after a crash is counted once.
 */
export const operationBatches = pgTable(
  'operation_batches',
  {
    id: identityId(),
    operationRowId: integer('operation_row_id')
      .notNull()
      .references(() => jobOperations.id, { onDelete: 'cascade' }),
    runId: text('run_id').notNull(),
    index: integer('index').notNull(),
    count: integer('count').notNull(),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(0),
    percent: integer('percent').notNull().default(0),
    worker: text('worker').notNull().default(''),
    heartbeatAt: stamp('heartbeat_at'),
    finishedAt: stamp('finished_at'),
    /** When the batch (last) went on the queue, and when a worker (last) claimed it. */
    queuedAt: stamp('queued_at').defaultNow(),
    claimedAt: stamp('claimed_at'),
  },
  (t) => [
    uniqueIndex('operation_batches_run_index_key').on(t.runId, t.index),
    index('operation_batches_status_idx').on(t.status, t.heartbeatAt),
  ],
);

/**
 * A pipeline worker that is alive: each beats here while it runs and deletes its row when it
 * stops cleanly, so operators see which workers answer and how long ago each last did.
 */
export const pipelineWorkers = pgTable('pipeline_workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** `api` for handlers inside an API process, `worker` for `npm run worker`. */
  role: text('role').notNull(),
  slots: integer('slots').notNull(),
  busy: integer('busy').notNull().default(0),
  batchesDone: integer('batches_done').notNull().default(0),
  startedAt: createdAt(),
  heartbeatAt: stamp('heartbeat_at').notNull().defaultNow(),
  /** Set when the worker got SIGTERM: it takes no new work and hands back what it cannot finish. */
  stopping: boolean('stopping').notNull().default(false),
});

/** A disagreement packaged by the adjudicate stage, with the decision people record on it. */
export const adjudications = pgTable(
  'adjudications',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sheetId: text('sheet_id').notNull(),
    contestId: text('contest_id').notNull().default(''),
    imageVotes: text('image_votes').notNull().default(''),
    imageGray: text('image_gray').notNull().default(''),
    cvrVotes: text('cvr_votes').notNull().default(''),
    archive: text('archive').notNull().default(''),
    entry: text('entry').notNull().default(''),
    detail: text('detail').notNull().default(''),
    /** Pipeline key of the ballot image crop, or empty. */
    cropKey: text('crop_key').notNull().default(''),
    decision: text('decision'),
    decidedVotes: text('decided_votes').notNull().default(''),
    note: text('note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: stamp('decided_at'),
    /** The ballot's batch and style, for the queue's filters. */
    batch: text('batch').notNull().default(''),
    style: text('style').notNull().default(''),
    /** Whether the image agrees with the record's original version; null: no versions. */
    imageIsOriginal: boolean('image_is_original'),
    /** Whether the record's original and adjudicated versions agree; null: no versions. */
    originalIsAdjudicated: boolean('original_is_adjudicated'),
    /** Pipeline key of the whole page's image, or empty. */
    pageKey: text('page_key').notNull().default(''),
    /** The sheet's targets on that page: contest, option, x, y, fill score, reading. */
    targets: jsonb('targets').notNull().default([]),
    /** open (awaiting reviews), split (two reviews differ), decided. */
    state: text('state').notNull().default('open'),
  },
  (t) => [
    // A swapped batch's item has no sheet; its batch tells two swapped pairs apart.
    uniqueIndex('adjudications_item_key').on(t.jobId, t.kind, t.sheetId, t.contestId, t.batch),
    index('adjudications_queue_idx').on(t.jobId, t.state, t.id),
    index('adjudications_contest_idx').on(t.jobId, t.contestId, t.id),
  ],
);

/**
 * One adjudicator's review of an item. With two adjudicators per item the first two reviews
 * agree or split; a third person's review of a split is marked `settles` and decides.
 */
export const adjudicationReviews = pgTable(
  'adjudication_reviews',
  {
    id: identityId(),
    adjudicationId: integer('adjudication_id')
      .notNull()
      .references(() => adjudications.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision').notNull(),
    /** The reading this review gives the contest (`;`-separated options). */
    votes: text('votes').notNull().default(''),
    note: text('note').notNull().default(''),
    settles: boolean('settles').notNull().default(false),
    decidedAt: stamp('decided_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('adjudication_reviews_item_user_key').on(t.adjudicationId, t.userId),
    index('adjudication_reviews_job_user_idx').on(t.jobId, t.userId),
  ],
);

/** A job's adjudication settings: how many adjudicators review each item (1 or 2). */
export const adjudicationSettings = pgTable('adjudication_settings', {
  jobId: integer('job_id')
    .primaryKey()
    .references(() => auditJobs.id, { onDelete: 'cascade' }),
  reviewersPerItem: integer('reviewers_per_item').notNull().default(1),
  updatedAt: updatedAt(),
});

/** A tool row: it names a registered tool function with its operands, never a command. */
export const actionTools = pgTable(
  'action_tools',
  {
    id: identityId(),
    /** null: the Admin's global tools (/tools). */
    jobId: integer('job_id').references(() => auditJobs.id, { onDelete: 'cascade' }),
    functionName: text('function_name').notNull(),
    script: text('script').notNull(),
    apiEntry: text('api_entry').notNull(),
    apiOperands: jsonb('api_operands').notNull(),
    helpText: text('help_text').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('action_tools_job_idx').on(t.jobId, t.id)],
);

/** One run of a tool function on the queue; its id is the operation_id. */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: text('id').primaryKey(),
    toolId: integer('tool_id').references(() => actionTools.id, { onDelete: 'set null' }),
    jobId: integer('job_id').references(() => auditJobs.id, { onDelete: 'cascade' }),
    op: text('op').notNull(),
    operands: jsonb('operands').notNull(),
    status: text('status').notNull(),
    percent: integer('percent').notNull().default(0),
    result: text('result').notNull().default(''),
    /** Blob key prefix of the run's log and outputs. */
    folder: text('folder').notNull(),
    outputs: jsonb('outputs').notNull().default([]),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: stamp('finished_at'),
    /** Set by a reset in the tool view: the row shows ready again; the run stays as it ended. */
    resetAt: stamp('reset_at'),
  },
  (t) => [index('tool_runs_tool_idx').on(t.toolId)],
);
