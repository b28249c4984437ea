import { eq } from 'drizzle-orm';
import { contestOutcome, pollingSampleSize, stoppingSize } from '@scrutineer/audit-core';
import { RLA_MESSAGES as M, type RlaReadingBody, type RlaStartBody } from '@scrutineer/contracts';
import { rlaAudits, rlaBallots, rlaRounds } from '../../db/schema.js';
import type { RlaBoardRecord, RlaContestRecord, RlaReadingRecord } from '../../db/schema-rla.js';
import type { Executor } from '../../platform/db/database.js';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { canRunJob, loadJob, type LoadedJob } from '../audit-jobs/index.js';
import { markOutOfDateFrom } from '../operations/index.js';
import { findUserById, type UserRow } from '../users/index.js';
import { drawBallots, readCvr, saveRound } from './rla.draw.js';
import { findRlaInputs, recordedVotes, streamCvr } from './rla.inputs.js';
import { measureContests } from './rla.measure.js';
import {
  findBallot,
  findRlaOfJob,
  jobPeople,
  listBallots,
  listRounds,
  type RlaBallotRow,
  type RlaRow,
} from './rla.repository.js';

/** Loads the job (404 / 403 as the job's own rules) and its RLA, if any. */
export async function loadRla(deps: AppDeps, user: UserRow, jobId: number) {
  const job = await loadJob(deps.database.db, user, jobId);
  return { job, rla: await findRlaOfJob(deps.database.db, jobId) };
}

export async function loadStartedRla(deps: AppDeps, user: UserRow, jobId: number) {
  const { job, rla } = await loadRla(deps, user, jobId);
  if (!rla) throw notFound(M.notStarted);
  return { job, rla };
}

export function assertAuditor(user: UserRow, job: LoadedJob): void {
  if (!canRunJob(user, job)) throw forbidden(M.auditorOnly);
}

async function checkBoards(deps: AppDeps, jobId: number, boards: RlaStartBody['boards']) {
  const seen = new Set<number>();
  const records: RlaBoardRecord[] = [];
  for (const [i, board] of boards.entries()) {
    for (const id of board.member_ids) {
      if (seen.has(id)) throw badRequest(M.boardTwice(id));
      seen.add(id);
      const member = await findUserById(deps.database.db, id);
      const canOpen =
        member &&
        (await loadJob(deps.database.db, member, jobId).then(
          () => true,
          () => false,
        ));
      if (!canOpen) throw badRequest(M.boardMember(id));
    }
    const [a, b] = board.member_ids;
    records.push({ id: `board-${i + 1}`, name: board.name, memberIds: [a ?? 0, b ?? 0] });
  }
  return records;
}

/** Starts the job's RLA (Auditor): reads the CVR and manifest, sizes and draws round 1. */
export async function startRla(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  body: RlaStartBody,
): Promise<RlaRow> {
  const { job, rla: existing } = await loadRla(deps, user, jobId);
  assertAuditor(user, job);
  if (existing) throw conflict(M.alreadyStarted);
  const boards = await checkBoards(deps, jobId, body.boards);
  const inputs = await findRlaInputs(deps, jobId, body);
  const manifest = inputs.manifest.batches.map((b) => ({
    scanner: b.scanner,
    batch: b.batch,
    count: b.count,
    location: b.location,
  }));
  const ballots = manifest.reduce((sum, b) => sum + b.count, 0);
  const contestIds = [...new Set(body.contest_ids)];
  // Sizes need the tallies, the sample's records need the draws: read the tallies first.
  const tallied = await readCvr(deps, inputs, contestIds, new Set());
  const contests: RlaContestRecord[] = contestIds.map((id) => {
    const definition = tallied.contests.find((c) => c.id === id);
    if (!definition) throw badRequest(M.contestUnknown(id));
    const votes = Object.fromEntries(
      definition.options.map((o) => [o.id, tallied.tallies.get(id)?.[o.id] ?? 0]),
    );
    for (const [option, n] of Object.entries(tallied.tallies.get(id) ?? {})) votes[option] = n;
    const outcome = contestOutcome({ id, voteFor: definition.voteFor, votes, ballots });
    if (outcome.marginVotes <= 0) throw badRequest(M.contestNoMargin(definition.name));
    return {
      id,
      name: definition.name,
      voteFor: Math.max(1, definition.voteFor),
      options: definition.options.map((o) => ({ id: o.id, name: o.name })),
      votes,
      ...outcome,
    };
  });
  const alpha = body.risk_limit / 100;
  const draws = Math.max(
    ...contests.map((c) =>
      body.method === 'polling'
        ? pollingSampleSize({ id: c.id, voteFor: c.voteFor, votes: c.votes, ballots }, alpha)
        : stoppingSize(alpha, c.dilutedMargin, ballots),
    ),
  );
  const drawn = drawBallots(manifest, body.seed, 0, draws);
  const { records } = await readCvr(deps, inputs, contestIds, new Set(drawn.map((d) => d.key)));
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rlaAudits)
      .values({
        jobId,
        riskLimit: body.risk_limit,
        seed: body.seed,
        method: body.method,
        cvrFile: inputs.cvrName,
        cvrKey: inputs.cvrKey,
        manifestFile: inputs.manifestName,
        manifest,
        ballots,
        contests,
        boards,
        createdBy: user.id,
      })
      .returning();
    if (!row) throw new Error('the audit was not saved');
    await saveRound(tx, {
      rlaId: row.id,
      round: 1,
      drawsBefore: 0,
      draws,
      userId: user.id,
      drawn,
      existing: new Map(),
      records,
      boards,
      contests,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'rla',
      subjectId: row.id,
      action: 'start',
      data: {
        jobId,
        riskLimit: body.risk_limit,
        seed: body.seed,
        method: body.method,
        contests: contestIds,
        cvrFile: inputs.cvrName,
        manifestFile: inputs.manifestName,
        boards,
        round: 1,
        draws,
        sample: drawn.map((d) => ({ ballot: d.key, ticket: d.ticket, times: d.times })),
      },
    });
    // The report shows the audit's rounds: one made before this is out of date now.
    await markOutOfDateFrom(tx, jobId, 'genreport');
    return row;
  });
}

/** Draws the next round (Auditor) once the last one is read and fell short of the risk limit. */
export async function startNextRound(deps: AppDeps, user: UserRow, jobId: number) {
  const { job, rla } = await loadStartedRla(deps, user, jobId);
  assertAuditor(user, job);
  if (rla.status !== 'in_progress') throw conflict(M.auditOver);
  const db = deps.database.db;
  const rounds = await listRounds(db, rla.id);
  const last = rounds[rounds.length - 1];
  if (!last || last.status !== 'complete' || !last.results) throw conflict(M.roundOpen);
  const drawsBefore = last.drawsBefore + last.draws;
  const needed = last.results
    .filter((r) => !r.riskLimitMet)
    .map((r) => r.stoppingSize - drawsBefore);
  const draws = Math.max(1, ...needed);
  const drawn = drawBallots(rla.manifest, rla.seed, drawsBefore, draws);
  const existing = new Map((await listBallots(db, rla.id)).map((b) => [b.ballotKey, b]));
  const wanted = new Set(drawn.filter((d) => !existing.has(d.key)).map((d) => d.key));
  const contestIds = rla.contests.map((c) => c.id);
  const { records } =
    wanted.size > 0
      ? await readCvr(deps, { cvrName: rla.cvrFile, cvrKey: rla.cvrKey }, contestIds, wanted)
      : { records: new Map() };
  const round = last.number + 1;
  await db.transaction(async (tx) => {
    await saveRound(tx, {
      rlaId: rla.id,
      round,
      drawsBefore,
      draws,
      userId: user.id,
      drawn,
      existing,
      records,
      boards: rla.boards,
      contests: rla.contests,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'rla',
      subjectId: rla.id,
      action: 'round',
      data: {
        jobId,
        round,
        drawsBefore,
        draws,
        sample: drawn.map((d) => ({ ballot: d.key, ticket: d.ticket, times: d.times })),
      },
    });
    await markOutOfDateFrom(tx, jobId, 'genreport');
  });
  return round;
}

const sameReading = (a: RlaReadingRecord, b: RlaReadingRecord): boolean =>
  JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

function normalise(r: RlaReadingRecord): RlaReadingRecord {
  if (r.notFound) return { notFound: true, contests: {} };
  const contests: Record<string, string[]> = {};
  for (const id of Object.keys(r.contests).sort()) {
    const votes = [...new Set(r.contests[id] ?? [])].sort();
    if (votes.length > 0) contests[id] = votes;
  }
  return { notFound: false, contests };
}

export const boardOf = (rla: RlaRow, userId: number): RlaBoardRecord | undefined =>
  rla.boards.find((b) => b.memberIds.includes(userId));

/**
 * A board member enters what a sampled ballot shows. When both members have entered the same
 * reading it is final; when the last ballot of the round is final, the round is measured.
 */
export async function enterReading(
  deps: AppDeps,
  user: UserRow,
  jobId: number,
  ballotId: number,
  body: RlaReadingBody,
): Promise<void> {
  const { rla } = await loadStartedRla(deps, user, jobId);
  await deps.database.db.transaction(async (tx) => {
    // One reading at a time per audit, so two members' entries and a round's close never race.
    await tx
      .select({ id: rlaAudits.id })
      .from(rlaAudits)
      .where(eq(rlaAudits.id, rla.id))
      .for('update');
    const ballot = await findBallot(tx, rla.id, ballotId);
    if (!ballot) throw notFound(M.ballotNotFound);
    const board = rla.boards.find((b) => b.id === ballot.boardId);
    if (!board?.memberIds.includes(user.id)) throw forbidden(M.notOnBoard);
    if (ballot.reading) throw conflict(M.ballotClosed);
    checkReading(rla, body);
    const entry = normalise({ notFound: body.not_found, contests: body.contests });
    const entries = { ...ballot.entries, [String(user.id)]: entry };
    const [first, second] = board.memberIds.map((id) => entries[String(id)]);
    const agreed = first && second && sameReading(first, second) ? entry : null;
    await tx
      .update(rlaBallots)
      .set({ entries, reading: agreed, readAt: agreed ? new Date() : null })
      .where(eq(rlaBallots.id, ballot.id));
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'rla_ballot',
      subjectId: ballot.id,
      action: agreed ? 'read' : 'entry',
      data: { jobId, rlaId: rla.id, ballot: ballot.ballotKey, board: board.id, entry },
    });
    if (agreed) {
      await closeRoundIfRead(tx, rla, user.id);
      await markOutOfDateFrom(tx, jobId, 'genreport');
    }
  });
}

function checkReading(rla: RlaRow, body: RlaReadingBody): void {
  for (const [contestId, votes] of Object.entries(body.contests)) {
    const contest = rla.contests.find((c) => c.id === contestId);
    if (!contest) throw badRequest(M.contestUnknown(contestId));
    for (const option of votes)
      if (!contest.options.some((o) => o.id === option))
        throw badRequest(M.optionUnknown(contest.name, option));
  }
}

async function closeRoundIfRead(tx: Executor, rla: RlaRow, userId: number): Promise<void> {
  const rounds = await listRounds(tx, rla.id);
  const current = rounds[rounds.length - 1];
  if (!current || current.status !== 'open') return;
  const rows = await listBallots(tx, rla.id);
  const inRound = (b: RlaBallotRow) => (b.draws[String(current.number)] ?? 0) > 0;
  if (rows.some((b) => inRound(b) && !b.reading)) return;
  const results = measureContests(rla.contests, rla.ballots, rla.riskLimit, rows, rla.method);
  const status = results.every((r) => r.riskLimitMet)
    ? 'risk_limit_met'
    : results.some((r) => !r.riskLimitMet && r.fullHandCount)
      ? 'full_hand_count'
      : 'in_progress';
  const now = new Date();
  await tx
    .update(rlaRounds)
    .set({ status: 'complete', results, endedAt: now })
    .where(eq(rlaRounds.id, current.id));
  if (status !== 'in_progress')
    await tx.update(rlaAudits).set({ status, endedAt: now }).where(eq(rlaAudits.id, rla.id));
  await recordEvent(tx, {
    actorId: userId,
    subjectType: 'rla',
    subjectId: rla.id,
    action: 'round-measured',
    data: { round: current.number, results, status },
  });
}

/** The contests the CVR reports, with margins over the manifest, and who may sit on a board. */
export async function listCandidates(deps: AppDeps, user: UserRow, jobId: number) {
  const { job } = await loadRla(deps, user, jobId);
  assertAuditor(user, job);
  const inputs = await findRlaInputs(deps, jobId, {});
  const ballots = inputs.manifest.batches.reduce((sum, b) => sum + b.count, 0);
  const tallies = new Map<string, Record<string, number>>();
  const contests = await streamCvr(deps, inputs, (ballot, known) => {
    for (const definition of known) {
      const tally = tallies.get(definition.id) ?? {};
      tallies.set(definition.id, tally);
      for (const option of recordedVotes(ballot, definition))
        tally[option] = (tally[option] ?? 0) + 1;
    }
  });
  const candidates = await Promise.all(
    (await jobPeople(deps.database.db, jobId, job.row.job.electionId)).map(async (person) => {
      const row = await findUserById(deps.database.db, person.id);
      const canOpen =
        row &&
        (await loadJob(deps.database.db, row, jobId).then(
          () => true,
          () => false,
        ));
      return canOpen ? person : null;
    }),
  );
  return {
    cvr_file: inputs.cvrName,
    manifest_file: inputs.manifestName,
    ballots,
    contests: contests.map((c) => {
      const votes = {
        ...Object.fromEntries(c.options.map((o) => [o.id, 0])),
        ...tallies.get(c.id),
      };
      const outcome = contestOutcome({ id: c.id, voteFor: c.voteFor, votes, ballots });
      return {
        id: c.id,
        name: c.name,
        vote_for: Math.max(1, c.voteFor),
        votes,
        winners: outcome.winners,
        margin_votes: outcome.marginVotes,
        diluted_margin: outcome.dilutedMargin,
      };
    }),
    people: candidates.filter((p) => p !== null),
  };
}
