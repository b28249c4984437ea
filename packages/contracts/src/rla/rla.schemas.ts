import { z } from 'zod';

export const RLA_RISK_LIMITS = { min: 1, max: 20 } as const;
/** A seed of at least 20 characters, as ColoradoRLA (20 digits) and Arlo ask. */
export const RLA_SEED_MIN_LENGTH = 20;
export const RLA_STATUSES = ['in_progress', 'risk_limit_met', 'full_hand_count'] as const;
export type RlaStatus = (typeof RLA_STATUSES)[number];
/** The method and its parameters, named on every screen and in the report. */
/** The kinds of audit: ballot-level comparison (the CVR's records) or ballot polling (BRAVO). */
export const RLA_METHODS = ['comparison', 'polling'] as const;
export type RlaMethodKind = (typeof RLA_METHODS)[number];
/** Ballot polling, named on every screen and in the report. */
export const RLA_POLLING_METHOD = {
  name: 'Ballot polling, BRAVO (Lindeman, Stark & Yates 2012): every winner against every loser',
} as const;
export const RLA_METHOD = {
  name: 'Ballot-level comparison, Kaplan–Markov (super-simple) with error inflation γ',
  gamma: 1.03905,
  sampler: "Rivest's consistent sampler (SHA-256), with replacement",
} as const;

export const rlaParamsSchema = z.object({ jobId: z.coerce.number().int().positive() });
export const rlaRoundParamsSchema = rlaParamsSchema.extend({
  round: z.coerce.number().int().positive(),
});
export const rlaBallotParamsSchema = rlaParamsSchema.extend({
  ballotId: z.coerce.number().int().positive(),
});

export const rlaBoardBodySchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(100),
  member_ids: z
    .array(z.coerce.number().int().positive())
    .length(2, 'An audit board has two members.')
    .refine((ids) => ids[0] !== ids[1], 'The two members of a board must be different people.'),
});

export const rlaStartBodySchema = z.object({
  contest_ids: z.array(z.string().min(1)).min(1, 'Choose at least one contest.').max(50),
  risk_limit: z.coerce
    .number()
    .int('Invalid value.')
    .min(
      RLA_RISK_LIMITS.min,
      `The risk limit is between ${RLA_RISK_LIMITS.min} and ${RLA_RISK_LIMITS.max} percent.`,
    )
    .max(
      RLA_RISK_LIMITS.max,
      `The risk limit is between ${RLA_RISK_LIMITS.min} and ${RLA_RISK_LIMITS.max} percent.`,
    ),
  seed: z
    .string()
    .trim()
    .min(RLA_SEED_MIN_LENGTH, `The random seed needs at least ${RLA_SEED_MIN_LENGTH} characters.`)
    .max(200),
  boards: z.array(rlaBoardBodySchema).min(1, 'At least one audit board is needed.').max(20),
  cvr_file: z.string().min(1).optional(),
  manifest_file: z.string().min(1).optional(),
  /** Ballot comparison (the default) or ballot polling. */
  method: z.enum(RLA_METHODS, 'The method is comparison or polling.').default('comparison'),
});
export type RlaStartBody = z.infer<typeof rlaStartBodySchema>;

/** What a board read on a ballot: option ids per contest (more than allowed is an overvote). */
export const rlaReadingBodySchema = z.object({
  not_found: z.boolean().default(false),
  contests: z.record(z.string(), z.array(z.string()).max(100)).default({}),
});
export type RlaReadingBody = z.infer<typeof rlaReadingBodySchema>;

const readingSchema = z.object({
  not_found: z.boolean(),
  contests: z.record(z.string(), z.array(z.string())),
});
export type RlaReading = z.infer<typeof readingSchema>;

export const rlaContestSchema = z.object({
  id: z.string(),
  name: z.string(),
  vote_for: z.number(),
  options: z.array(z.object({ id: z.string(), name: z.string() })),
  votes: z.record(z.string(), z.number()),
  winners: z.array(z.string()),
  losers: z.array(z.string()),
  margin_votes: z.number(),
  diluted_margin: z.number(),
});
export type RlaContest = z.infer<typeof rlaContestSchema>;

export const rlaContestResultSchema = z.object({
  contest_id: z.string(),
  draws: z.number(),
  o1: z.number(),
  o2: z.number(),
  u1: z.number(),
  u2: z.number(),
  risk: z.number(),
  risk_limit_met: z.boolean(),
  stopping_size: z.number(),
  full_hand_count: z.boolean(),
});
export type RlaContestResult = z.infer<typeof rlaContestResultSchema>;

export const rlaRoundSchema = z.object({
  number: z.number(),
  draws_before: z.number(),
  draws: z.number(),
  ballots: z.number(),
  read: z.number(),
  status: z.enum(['open', 'complete']),
  results: z.array(rlaContestResultSchema).nullable(),
  started_by: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type RlaRound = z.infer<typeof rlaRoundSchema>;

export const rlaBoardSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});

export const rlaSchema = z.object({
  id: z.number(),
  job_id: z.number(),
  status: z.enum(RLA_STATUSES),
  risk_limit: z.number(),
  seed: z.string(),
  kind: z.enum(RLA_METHODS),
  method: z.string(),
  /** The error inflation of a comparison audit; null for ballot polling. */
  gamma: z.number().nullable(),
  sampler: z.string(),
  cvr_file: z.string(),
  manifest_file: z.string(),
  ballots: z.number(),
  contests: z.array(rlaContestSchema),
  boards: z.array(rlaBoardSchema),
  rounds: z.array(rlaRoundSchema),
  created_by: z.string(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  /** What the caller may do: run (Auditor), read (board member with ballots to read). */
  can: z.object({ run: z.boolean(), next_round: z.boolean(), read: z.boolean() }),
  my_board: z.string().nullable(),
});
export type Rla = z.infer<typeof rlaSchema>;
export const rlaAnswerSchema = z.object({ rla: rlaSchema.nullable() });

/** A sampled ballot as its board sees it: where to find it and what to read, never the record. */
export const rlaBoardBallotSchema = z.object({
  id: z.number(),
  ballot_key: z.string(),
  scanner: z.string(),
  batch: z.string(),
  position: z.number(),
  location: z.string(),
  round: z.number(),
  board_id: z.string(),
  /** This member's entry; the other member's is never shown. */
  my_entry: readingSchema.nullable(),
  /** Both members have entered and they disagree: read it again together. */
  disagreement: z.boolean(),
  read: z.boolean(),
});
export type RlaBoardBallot = z.infer<typeof rlaBoardBallotSchema>;
export const rlaBoardBallotListSchema = z.object({ items: z.array(rlaBoardBallotSchema) });

/** A sampled ballot as the Auditor sees it: the record and the discrepancy once it is read. */
export const rlaAuditBallotSchema = rlaBoardBallotSchema.omit({ my_entry: true }).extend({
  ticket: z.string(),
  times_sampled: z.number(),
  cvr_id: z.string().nullable(),
  cvr_votes: z.record(z.string(), z.array(z.string())).nullable(),
  reading: readingSchema.nullable(),
  read_at: z.string().nullable(),
  /** Per contest, the discrepancy in votes (2, 1, 0, −1, −2), once read. */
  discrepancies: z.record(z.string(), z.number()).nullable(),
});
export type RlaAuditBallot = z.infer<typeof rlaAuditBallotSchema>;
export const rlaAuditBallotListSchema = z.object({ items: z.array(rlaAuditBallotSchema) });

export const rlaRetrievalRowSchema = z.object({
  round: z.number(),
  board: z.string(),
  scanner: z.string(),
  batch: z.string(),
  position: z.number(),
  location: z.string(),
  ballot_key: z.string(),
  times_sampled: z.number(),
});
export const rlaRetrievalSchema = z.object({ items: z.array(rlaRetrievalRowSchema) });
export type RlaRetrievalRow = z.infer<typeof rlaRetrievalRowSchema>;

export const rlaSavedSchema = z.object({ message: z.string(), rla: rlaSchema });

/** A contest the job's CVR reports, offered for the audit with its reported margin. */
export const rlaCandidateContestSchema = rlaContestSchema.pick({
  id: true,
  name: true,
  vote_for: true,
  votes: true,
  winners: true,
  margin_votes: true,
  diluted_margin: true,
});
export const rlaCandidatesSchema = z.object({
  cvr_file: z.string(),
  manifest_file: z.string(),
  ballots: z.number(),
  contests: z.array(rlaCandidateContestSchema),
  /** People who can open the job, to sit on audit boards. */
  people: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type RlaCandidates = z.infer<typeof rlaCandidatesSchema>;

/** One audited contest of a read ballot: the board's reading, the record and the image audit's. */
export const rlaImageContestSchema = z.object({
  contest_id: z.string(),
  name: z.string(),
  /** What counts, in option ids; null where it does not exist (ballot not found, no record, not read). */
  board: z.array(z.string()).nullable(),
  record: z.array(z.string()).nullable(),
  image: z.array(z.string()).nullable(),
  /** Every mark the image audit read as a vote (an overvote lists them all), and gray marks. */
  image_marks: z.array(z.string()),
  image_gray: z.array(z.string()),
  image_overvote: z.boolean(),
  /** cmpcvr's class of the contest on the sheet: Fully Agreed, Normal Disagreed, Gray, … */
  image_class: z.string(),
  /** The RLA's discrepancy for the contest (2, 1, 0, −1, −2). */
  discrepancy: z.number(),
  agree: z.boolean(),
  /** The three readings in a sentence: "paper, image and record agree", … */
  agreement: z.string(),
  /** A PNG of the contest on the ballot image, as a data: URL. */
  crop: z.string().nullable(),
  /** Why there is no picture, when there is none. */
  crop_note: z.string(),
});

/** A read ballot as the image audit saw it, for the Auditor (never before the board's reading). */
export const rlaBallotImageSchema = z.object({
  ballot_id: z.number(),
  ballot_key: z.string(),
  /** The image audit has compared the job's images with its records (cmpcvr has run). */
  compared: z.boolean(),
  sheet_id: z.string().nullable(),
  /** cmpcvr's class of the sheet, or `not found`. */
  sheet_class: z.string(),
  detail: z.string(),
  archive: z.string(),
  entry: z.string(),
  /** What keeps the image audit's reading from being shown, or ''. */
  message: z.string(),
  contests: z.array(rlaImageContestSchema),
});
export type RlaBallotImage = z.infer<typeof rlaBallotImageSchema>;
export type RlaImageContest = z.infer<typeof rlaImageContestSchema>;
