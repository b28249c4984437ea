import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/**
 * A decision on one item: the image is right, the record is right, the voter's intent is the
 * reading given (`other`), or the ballot cannot be read.
 */
export const ADJUDICATION_DECISIONS = ['image', 'cvr', 'other', 'unreadable'] as const;
export type AdjudicationDecision = (typeof ADJUDICATION_DECISIONS)[number];
/** open: awaiting reviews; split: two reviews differ, a third person decides; decided. */
export const ADJUDICATION_STATES = ['open', 'split', 'decided'] as const;
export type AdjudicationState = (typeof ADJUDICATION_STATES)[number];

/** One target of the ballot's page as extractvote measured it, in page pixels. */
export const adjudicationTargetSchema = z.object({
  contest_id: z.string(),
  option_id: z.string(),
  x: z.number(),
  y: z.number(),
  /** The fill score the reader measured (0–1). */
  fill: z.number(),
  /** The reader's call: vote, gray or blank. */
  decision: z.string(),
});
export type AdjudicationTarget = z.infer<typeof adjudicationTargetSchema>;

/** An option of the item's contest: its id (as readings carry it) and its name. */
export const adjudicationOptionSchema = z.object({ option_id: z.string(), option: z.string() });

/** One adjudicator's review; names only, never an e-mail. */
export const adjudicationReviewSchema = z.object({
  reviewer: z.string(),
  mine: z.boolean(),
  decision: z.enum(ADJUDICATION_DECISIONS),
  votes: z.string(),
  note: z.string(),
  settles: z.boolean(),
  decided_at: z.string(),
});
export type AdjudicationReview = z.infer<typeof adjudicationReviewSchema>;

/** One disagreement or gray mark packaged by the adjudicate stage for review. */
export const adjudicationSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  /** cmpcvr kind: Normal Disagreed, No CVR, No Image, Unreadable, Duplicate, Swapped Batch; Gray. */
  kind: z.string(),
  sheet_id: z.string(),
  contest_id: z.string(),
  /** The contest's name from the election file; empty for an item that is a whole sheet. */
  contest: z.string(),
  /** The contest's options with their names, so readings (option ids) can be shown by name. */
  options: z.array(adjudicationOptionSchema),
  image_votes: z.string(),
  image_gray: z.string(),
  cvr_votes: z.string(),
  archive: z.string(),
  entry: z.string(),
  detail: z.string(),
  batch: z.string(),
  style: z.string(),
  /** The image agrees with the record's original version; null where records carry no versions. */
  image_is_original: z.boolean().nullable(),
  /** The record's original and adjudicated versions agree; null where there are no versions. */
  original_is_adjudicated: z.boolean().nullable(),
  /** Signed address of the contest crop (PNG), or empty when there is no image. */
  crop_url: z.string(),
  /** Signed address of the whole page (PNG), or empty. */
  page_url: z.string(),
  targets: z.array(adjudicationTargetSchema),
  state: z.enum(ADJUDICATION_STATES),
  /** The final decision; null until the item is decided. */
  decision: z.enum(ADJUDICATION_DECISIONS).nullable(),
  /** The final reading that counts in the adjudicated totals (`;`-separated option ids). */
  decided_votes: z.string(),
  note: z.string(),
  decided_by: z.number().int().nullable(),
  decided_by_name: z.string(),
  decided_at: z.string().nullable(),
  /**
   * Reviews so far. With two adjudicators per item, others' reviews stay hidden from a person
   * who has yet to review an open item, so the second review is independent.
   */
  reviews: z.array(adjudicationReviewSchema),
  review_count: z.number().int(),
  /** Whether the caller may record a decision on this item now. */
  can_decide: z.boolean(),
});
export type Adjudication = z.infer<typeof adjudicationSchema>;

/** Filters of the queue (issue 19): class, contest, batch, style, state, and two version checks. */
export const adjudicationQuerySchema = z.object({
  kind: z.string().trim().max(100).optional(),
  contest_id: z.string().trim().max(200).optional(),
  batch: z.string().trim().max(200).optional(),
  style: z.string().trim().max(200).optional(),
  /** `todo`: items the caller may decide now. */
  state: z.enum([...ADJUDICATION_STATES, 'todo']).optional(),
  image_is_original: flag.optional(),
  original_is_adjudicated: flag.optional(),
  page: recordIdSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
export type AdjudicationQuery = z.input<typeof adjudicationQuerySchema>;
export const adjudicationNextQuerySchema = adjudicationQuerySchema
  .omit({ page: true, page_size: true, state: true })
  .extend({ after: z.coerce.number().int().min(0).default(0) });
export type AdjudicationNextQuery = z.input<typeof adjudicationNextQuerySchema>;

const countsSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const adjudicationListSchema = z.object({
  items: z.array(adjudicationSchema),
  /** Decided items and all items of the job. */
  decided: z.number().int(),
  total: z.number().int(),
  /** Items matching the filters, and those of them the caller may decide now. */
  matched: z.number().int(),
  todo: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: z.object({
    kind: countsSchema,
    contest_id: countsSchema,
    batch: countsSchema,
    style: countsSchema,
    state: countsSchema,
  }),
  reviewers_per_item: z.number().int(),
  can: z.object({ decide: z.boolean(), settings: z.boolean() }),
  /** The job's contests by name, for the contest filter. */
  contests: z.array(z.object({ contest_id: z.string(), contest: z.string() })),
});
export type AdjudicationList = z.infer<typeof adjudicationListSchema>;
export const adjudicationNextSchema = z.object({
  item: adjudicationSchema.nullable(),
  /** Items after this one the caller may still decide (with the same filters). */
  remaining: z.number().int(),
});
export type AdjudicationNext = z.infer<typeof adjudicationNextSchema>;
export const adjudicationParamsSchema = z.object({
  jobId: recordIdSchema,
  itemId: recordIdSchema,
});
export const adjudicationDecisionBodySchema = z.object({
  decision: z.enum(ADJUDICATION_DECISIONS),
  /** `;`-separated option ids the voter meant; required with 'other' (may be `none`). */
  votes: z.string().trim().max(1000).default(''),
  note: z.string().trim().max(2000).default(''),
});
export type AdjudicationDecisionBody = z.input<typeof adjudicationDecisionBodySchema>;
export const adjudicationSavedSchema = z.object({ message: z.string(), item: adjudicationSchema });
export type AdjudicationSaved = z.infer<typeof adjudicationSavedSchema>;
export const adjudicationSettingsBodySchema = z.object({
  reviewers_per_item: z.coerce.number().int().min(1).max(2),
});
export const adjudicationSettingsSchema = z.object({
  message: z.string(),
  reviewers_per_item: z.number().int(),
});

/** Totals per contest: the records, the images, and the images with the decisions folded in. */
export const tallyOptionSchema = z.object({
  option_id: z.string(),
  option: z.string(),
  cvr_votes: z.number().int(),
  image_votes: z.number().int(),
  adjudicated_votes: z.number().int(),
});
export const tallyContestSchema = z.object({
  contest_id: z.string(),
  contest: z.string(),
  options: z.array(tallyOptionSchema),
});
export const tallySchema = z.object({
  contests: z.array(tallyContestSchema),
  /** Decided items and items awaiting a decision: the adjudicated totals are final when 0. */
  decided: z.number().int(),
  undecided: z.number().int(),
});
export type Tally = z.infer<typeof tallySchema>;
export const TALLY_SOURCES = ['cvr', 'image', 'adjudicated'] as const;
export const tallyBallotsQuerySchema = z.object({
  contest_id: z.string().trim().min(1).max(200),
  option_id: z.string().trim().min(1).max(200),
  source: z.enum(TALLY_SOURCES),
  page: recordIdSchema.default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
export const tallyBallotSchema = z.object({
  sheet_id: z.string(),
  cvr_votes: z.string(),
  image_votes: z.string(),
  adjudicated_votes: z.string(),
  /** The item of the queue behind the adjudicated reading, when one was decided. */
  adjudication_id: z.number().int().nullable(),
});
export const tallyBallotsSchema = z.object({
  items: z.array(tallyBallotSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TallyBallots = z.infer<typeof tallyBallotsSchema>;
