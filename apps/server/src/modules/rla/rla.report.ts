import { PATHS, type JobStore, type ReportRla } from '@scrutineer/audit-core';
import type { Executor } from '../../platform/db/database.js';
import { presentAuditBallot, presentRla } from './rla.presenter.js';
import { findRlaOfJob, listBallots, listRounds, userNames } from './rla.repository.js';

/**
 * Writes the job's risk-limiting audit where genreport reads it (`genreport/rla.json`): method,
 * seed, contests, rounds with who and when, and every sampled ballot with who entered its
 * reading. A ballot's record is written only once the board has read it, as on the screen, so
 * a report made mid-round tells a board member nothing they have yet to read.
 */
export async function writeRlaForReport(
  db: Executor,
  jobId: number,
  store: JobStore,
): Promise<boolean> {
  const rla = await findRlaOfJob(db, jobId);
  if (!rla) return false;
  const [rounds, ballots] = await Promise.all([listRounds(db, rla.id), listBallots(db, rla.id)]);
  const names = await userNames(db, [
    ...rla.boards.flatMap((b) => b.memberIds),
    ...rounds.flatMap((r) => (r.startedBy === null ? [] : [r.startedBy])),
    ...(rla.createdBy === null ? [] : [rla.createdBy]),
    ...ballots.flatMap((b) => Object.keys(b.entries).map(Number)),
  ]);
  const shown = presentRla(rla, rounds, ballots, names, { id: 0, canRun: false });
  const boardName = new Map(rla.boards.map((b) => [b.id, b.name]));
  const report: ReportRla = {
    method: shown.method,
    gamma: shown.gamma,
    sampler: shown.sampler,
    status: shown.status,
    risk_limit: shown.risk_limit,
    seed: shown.seed,
    cvr_file: shown.cvr_file,
    manifest_file: shown.manifest_file,
    ballots: shown.ballots,
    created_by: shown.created_by,
    created_at: shown.created_at,
    ended_at: shown.ended_at,
    boards: shown.boards.map((b) => ({
      id: b.id,
      name: b.name,
      members: b.members.map((m) => m.name),
    })),
    contests: shown.contests,
    rounds: shown.rounds,
    sampled: ballots.map((row) => {
      const b = presentAuditBallot(rla, row);
      return {
        ballot_key: b.ballot_key,
        scanner: b.scanner,
        batch: b.batch,
        position: b.position,
        location: b.location,
        round: b.round,
        board: boardName.get(b.board_id) ?? b.board_id,
        ticket: b.ticket,
        times_sampled: b.times_sampled,
        cvr_id: b.cvr_id,
        record: b.cvr_votes,
        reading: b.reading,
        read_at: b.read_at,
        entered_by: Object.keys(row.entries).map((id) => names.get(Number(id))?.name ?? id),
        discrepancies: b.discrepancies,
      };
    }),
  };
  await store.write(PATHS.reportRla, JSON.stringify(report, null, 2));
  return true;
}
