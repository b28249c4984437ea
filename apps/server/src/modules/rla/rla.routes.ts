import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { RLA_MESSAGES as M, rlaRoutes } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import { registerRoute } from '../../platform/http/route.js';
import { notFound } from '../../platform/errors.js';
import { canRunJob } from '../audit-jobs/index.js';
import type { UserRow } from '../users/index.js';
import {
  presentAuditBallot,
  presentBoardBallot,
  presentRla,
  retrievalRows,
} from './rla.presenter.js';
import { ballotImage } from './rla.images.js';
import { listBallots, listRounds, userNames } from './rla.repository.js';
import {
  assertAuditor,
  boardOf,
  enterReading,
  listCandidates,
  loadRla,
  loadStartedRla,
  startNextRound,
  startRla,
} from './rla.service.js';

async function rlaAnswer(deps: AppDeps, user: UserRow, jobId: number) {
  const { job, rla } = await loadRla(deps, user, jobId);
  if (!rla) return null;
  const db = deps.database.db;
  const [rounds, ballots] = await Promise.all([listRounds(db, rla.id), listBallots(db, rla.id)]);
  const ids = [
    ...rla.boards.flatMap((b) => b.memberIds),
    ...rounds.flatMap((r) => (r.startedBy === null ? [] : [r.startedBy])),
    ...(rla.createdBy === null ? [] : [rla.createdBy]),
  ];
  return presentRla(rla, rounds, ballots, await userNames(db, ids), {
    id: user.id,
    canRun: canRunJob(user, job),
  });
}

async function retrieval(deps: AppDeps, user: UserRow, jobId: number, round: number) {
  const { job, rla } = await loadStartedRla(deps, user, jobId);
  assertAuditor(user, job);
  const rounds = await listRounds(deps.database.db, rla.id);
  if (!rounds.some((r) => r.number === round)) throw notFound(M.roundNotFound);
  return retrievalRows(rla, await listBallots(deps.database.db, rla.id), round);
}

export function registerRlaRoutes(app: FastifyInstance, auth: Authenticator, deps: AppDeps): void {
  const r = rlaRoutes;
  registerRoute(app, auth, r.get, {
    access: 'session',
    handler: async ({ user, params }) => ({ rla: await rlaAnswer(deps, user, params.jobId) }),
  });
  registerRoute(app, auth, r.candidates, {
    access: 'session',
    handler: async ({ user, params }) => listCandidates(deps, user, params.jobId),
  });
  registerRoute(app, auth, r.start, {
    access: 'session',
    handler: async ({ user, params, body, reply }) => {
      await startRla(deps, user, params.jobId, body);
      const rla = await rlaAnswer(deps, user, params.jobId);
      if (!rla) throw notFound(M.notStarted);
      void reply.status(201);
      return { message: M.started, rla };
    },
  });
  registerRoute(app, auth, r.nextRound, {
    access: 'session',
    handler: async ({ user, params, reply }) => {
      const round = await startNextRound(deps, user, params.jobId);
      const rla = await rlaAnswer(deps, user, params.jobId);
      if (!rla) throw notFound(M.notStarted);
      void reply.status(201);
      return { message: M.roundStarted(round), rla };
    },
  });
  registerRoute(app, auth, r.retrieval, {
    access: 'session',
    handler: async ({ user, params }) => ({
      items: await retrieval(deps, user, params.jobId, params.round),
    }),
  });
  registerRoute(app, auth, r.retrievalCsv, {
    access: 'session',
    handler: async ({ user, params, reply }) => {
      const rows = await retrieval(deps, user, params.jobId, params.round);
      const csv = stringify(
        [
          [
            'Round',
            'Audit Board',
            'Scanner',
            'Batch',
            'Position',
            'Storage Location',
            'Ballot',
            'Times Sampled',
          ],
          ...rows.map((x) => [
            x.round,
            x.board,
            x.scanner,
            x.batch,
            x.position,
            x.location,
            x.ballot_key,
            x.times_sampled,
          ]),
        ],
        { record_delimiter: 'unix' },
      );
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="rla-job-${params.jobId}-round-${params.round}-retrieval.csv"`,
        );
      return csv;
    },
  });
  registerRoute(app, auth, r.board, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { rla } = await loadStartedRla(deps, user, params.jobId);
      const board = boardOf(rla, user.id);
      if (!board) return { items: [] };
      const rows = await listBallots(deps.database.db, rla.id);
      return {
        items: rows
          .filter((row) => row.boardId === board.id)
          .map((row) => presentBoardBallot(row, user.id)),
      };
    },
  });
  registerRoute(app, auth, r.read, {
    access: 'session',
    handler: async ({ user, params, body }) => {
      await enterReading(deps, user, params.jobId, params.ballotId, body);
      const rla = await rlaAnswer(deps, user, params.jobId);
      if (!rla) throw notFound(M.notStarted);
      return { message: M.readingSaved, rla };
    },
  });
  registerRoute(app, auth, r.ballots, {
    access: 'session',
    handler: async ({ user, params }) => {
      const { job, rla } = await loadStartedRla(deps, user, params.jobId);
      assertAuditor(user, job);
      const rows = await listBallots(deps.database.db, rla.id);
      return { items: rows.map((row) => presentAuditBallot(rla, row)) };
    },
  });
  registerRoute(app, auth, r.image, {
    access: 'session',
    handler: async ({ user, params }) => ballotImage(deps, user, params.jobId, params.ballotId),
  });
}
