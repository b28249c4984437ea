import {
  RLA_METHOD,
  RLA_POLLING_METHOD,
  type Rla,
  type RlaAuditBallot,
  type RlaBoardBallot,
  type RlaReading,
  type RlaRetrievalRow,
} from '@scrutineer/contracts';
import type { RlaReadingRecord } from '../../db/schema-rla.js';
import { ballotDiscrepancies, timesSampled } from './rla.measure.js';
import type { RlaBallotRow, RlaRoundRow, RlaRow } from './rla.repository.js';

type Names = Map<number, { name: string; email: string }>;

const reading = (r: RlaReadingRecord | null | undefined): RlaReading | null =>
  r ? { not_found: r.notFound, contests: r.contests } : null;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentRla(
  rla: RlaRow,
  rounds: RlaRoundRow[],
  ballots: RlaBallotRow[],
  names: Names,
  caller: { id: number; canRun: boolean },
): Rla {
  const last = rounds[rounds.length - 1];
  const myBoard = rla.boards.find((b) => b.memberIds.includes(caller.id));
  const nameOf = (id: number | null) => (id === null ? '' : (names.get(id)?.name ?? ''));
  return {
    id: rla.id,
    job_id: rla.jobId,
    status: rla.status as Rla['status'],
    risk_limit: rla.riskLimit,
    seed: rla.seed,
    kind: rla.method === 'polling' ? 'polling' : 'comparison',
    method: rla.method === 'polling' ? RLA_POLLING_METHOD.name : RLA_METHOD.name,
    gamma: rla.method === 'polling' ? null : RLA_METHOD.gamma,
    sampler: RLA_METHOD.sampler,
    cvr_file: rla.cvrFile,
    manifest_file: rla.manifestFile,
    ballots: rla.ballots,
    contests: rla.contests.map((c) => ({
      id: c.id,
      name: c.name,
      vote_for: c.voteFor,
      options: c.options,
      votes: c.votes,
      winners: c.winners,
      losers: c.losers,
      margin_votes: c.marginVotes,
      diluted_margin: c.dilutedMargin,
    })),
    boards: rla.boards.map((b) => ({
      id: b.id,
      name: b.name,
      members: b.memberIds.map((id) => ({
        id,
        name: names.get(id)?.name ?? '',
        email: names.get(id)?.email ?? '',
      })),
    })),
    rounds: rounds.map((r) => {
      const inRound = ballots.filter((b) => (b.draws[String(r.number)] ?? 0) > 0);
      return {
        number: r.number,
        draws_before: r.drawsBefore,
        draws: r.draws,
        ballots: inRound.length,
        read: inRound.filter((b) => b.reading).length,
        status: r.status as 'open' | 'complete',
        results:
          r.results?.map((x) => ({
            contest_id: x.contestId,
            draws: x.draws,
            o1: x.o1,
            o2: x.o2,
            u1: x.u1,
            u2: x.u2,
            risk: x.risk,
            risk_limit_met: x.riskLimitMet,
            stopping_size: x.stoppingSize,
            full_hand_count: x.fullHandCount,
          })) ?? null,
        started_by: nameOf(r.startedBy),
        started_at: r.startedAt.toISOString(),
        ended_at: iso(r.endedAt),
      };
    }),
    created_by: nameOf(rla.createdBy),
    created_at: rla.createdAt.toISOString(),
    ended_at: iso(rla.endedAt),
    can: {
      run: caller.canRun,
      next_round: caller.canRun && rla.status === 'in_progress' && last?.status === 'complete',
      read: Boolean(myBoard) && rla.status === 'in_progress',
    },
    my_board: myBoard?.id ?? null,
  };
}

const currentRound = (row: RlaBallotRow): number => Math.max(...Object.keys(row.draws).map(Number));

/** A ballot for its board: where it is and this member's own entry, never the record. */
export function presentBoardBallot(row: RlaBallotRow, userId: number): RlaBoardBallot {
  const mine = row.entries[String(userId)];
  const others = Object.entries(row.entries).filter(([id]) => id !== String(userId));
  return {
    id: row.id,
    ballot_key: row.ballotKey,
    scanner: row.scanner,
    batch: row.batch,
    position: row.position,
    location: row.location,
    round: currentRound(row),
    board_id: row.boardId,
    my_entry: reading(mine),
    disagreement: !row.reading && Boolean(mine) && others.length > 0,
    read: Boolean(row.reading),
  };
}

/** A ballot for the Auditor: its record and the discrepancies only once the board has read it. */
export function presentAuditBallot(rla: RlaRow, row: RlaBallotRow): RlaAuditBallot {
  const read = Boolean(row.reading);
  return {
    id: row.id,
    ballot_key: row.ballotKey,
    scanner: row.scanner,
    batch: row.batch,
    position: row.position,
    location: row.location,
    round: row.firstRound,
    board_id: row.boardId,
    disagreement: !read && Object.keys(row.entries).length > 1,
    read,
    ticket: row.ticket,
    times_sampled: timesSampled(row),
    cvr_id: read ? row.cvrId : null,
    cvr_votes: read ? row.cvrVotes : null,
    reading: reading(row.reading),
    read_at: iso(row.readAt),
    discrepancies: read
      ? ballotDiscrepancies(row, rla.contests, rla.ballots, rla.riskLimit / 100)
      : null,
  };
}

/** A round's retrieval list, sorted as the ballots sit: board, scanner, batch, position. */
export function retrievalRows(rla: RlaRow, rows: RlaBallotRow[], round: number): RlaRetrievalRow[] {
  const boardName = new Map(rla.boards.map((b) => [b.id, b.name]));
  return rows
    .filter((r) => (r.draws[String(round)] ?? 0) > 0 && r.firstRound === round)
    .map((r) => ({
      round,
      board: boardName.get(r.boardId) ?? '',
      scanner: r.scanner,
      batch: r.batch,
      position: r.position,
      location: r.location,
      ballot_key: r.ballotKey,
      times_sampled: r.draws[String(round)] ?? 0,
    }))
    .sort(
      (a, b) =>
        a.board.localeCompare(b.board) ||
        a.scanner.localeCompare(b.scanner, undefined, { numeric: true }) ||
        a.batch.localeCompare(b.batch, undefined, { numeric: true }) ||
        a.position - b.position,
    );
}
