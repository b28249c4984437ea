import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns.js';
import { auditJobs } from './schema-jobs.js';
import { users } from './schema.js';

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** A contest under audit: its definition and the reported result the CVR gives. */
export interface RlaContestRecord {
  id: string;
  name: string;
  voteFor: number;
  options: { id: string; name: string }[];
  votes: Record<string, number>;
  winners: string[];
  losers: string[];
  marginVotes: number;
  dilutedMargin: number;
}

/** One batch of the manifest the audit samples from. */
export interface RlaManifestBatch {
  scanner: string;
  batch: string;
  count: number;
  location: string;
}

/** An audit board: two people who read the sampled ballots together. */
export interface RlaBoardRecord {
  id: string;
  name: string;
  memberIds: [number, number];
}

/** What a board member (or the board) read on one ballot: option ids per contest. */
export interface RlaReadingRecord {
  notFound: boolean;
  contests: Record<string, string[]>;
}

/** One contest's measurement at the end of a round. */
export interface RlaContestResult {
  contestId: string;
  draws: number;
  o1: number;
  o2: number;
  u1: number;
  u2: number;
  risk: number;
  riskLimitMet: boolean;
  stoppingSize: number;
  fullHandCount: boolean;
}

/** A ballot-comparison risk-limiting audit on a job's paper ballots. */
export const rlaAudits = pgTable(
  'rla_audits',
  {
    id: identityId(),
    jobId: integer('job_id')
      .notNull()
      .references(() => auditJobs.id, { onDelete: 'cascade' }),
    /** Percent, 1–20. */
    riskLimit: integer('risk_limit').notNull(),
    seed: text('seed').notNull(),
    /** comparison (Kaplan–Markov on the CVR's records) or polling (BRAVO). */
    method: text('method').notNull().default('comparison'),
    /** in_progress, risk_limit_met, full_hand_count. */
    status: text('status').notNull().default('in_progress'),
    cvrFile: text('cvr_file').notNull(),
    /** The CVR set's blob, read again for each round's records. */
    cvrKey: text('cvr_key').notNull(),
    manifestFile: text('manifest_file').notNull(),
    /** The manifest as read at the start: later rounds sample the same universe. */
    manifest: jsonb('manifest').$type<RlaManifestBatch[]>().notNull(),
    /** Ballots in the manifest: the universe the sample is drawn from. */
    ballots: integer('ballots').notNull(),
    contests: jsonb('contests').$type<RlaContestRecord[]>().notNull(),
    boards: jsonb('boards').$type<RlaBoardRecord[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    endedAt: stamp('ended_at'),
  },
  (t) => [uniqueIndex('rla_audits_job_key').on(t.jobId)],
);

/** One round: the draws it takes from the seed's stream and, once read, the risk it measured. */
export const rlaRounds = pgTable(
  'rla_rounds',
  {
    id: identityId(),
    rlaId: integer('rla_id')
      .notNull()
      .references(() => rlaAudits.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Draws of earlier rounds, skipped in the stream. */
    drawsBefore: integer('draws_before').notNull(),
    draws: integer('draws').notNull(),
    /** open, complete. */
    status: text('status').notNull().default('open'),
    results: jsonb('results').$type<RlaContestResult[]>(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: stamp('started_at').notNull().defaultNow(),
    endedAt: stamp('ended_at'),
  },
  (t) => [uniqueIndex('rla_rounds_rla_number_key').on(t.rlaId, t.number)],
);

/** A sampled paper ballot: where it is, what its record says, and what the board read. */
export const rlaBallots = pgTable(
  'rla_ballots',
  {
    id: identityId(),
    rlaId: integer('rla_id')
      .notNull()
      .references(() => rlaAudits.id, { onDelete: 'cascade' }),
    /** `scanner-batch-position`, the id the sampler draws. */
    ballotKey: text('ballot_key').notNull(),
    scanner: text('scanner').notNull(),
    batch: text('batch').notNull(),
    position: integer('position').notNull(),
    location: text('location').notNull().default(''),
    boardId: text('board_id').notNull(),
    firstRound: integer('first_round').notNull(),
    /** The first ticket drawn for it (hex fraction), for anyone re-running the sampler. */
    ticket: text('ticket').notNull(),
    /** Draws per round number. */
    draws: jsonb('draws').$type<Record<string, number>>().notNull(),
    /** The CVR's id and votes per audited contest; null when the CVR has no such ballot. */
    cvrId: text('cvr_id'),
    cvrVotes: jsonb('cvr_votes').$type<Record<string, string[]>>(),
    /** Each board member's entry, by user id. */
    entries: jsonb('entries').$type<Record<string, RlaReadingRecord>>().notNull().default({}),
    /** The board's reading once both members agree. */
    reading: jsonb('reading').$type<RlaReadingRecord>(),
    readAt: stamp('read_at'),
  },
  (t) => [
    uniqueIndex('rla_ballots_rla_key').on(t.rlaId, t.ballotKey),
    index('rla_ballots_rla_round_idx').on(t.rlaId, t.firstRound),
  ],
);
