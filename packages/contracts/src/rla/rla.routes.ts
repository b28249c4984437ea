import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  rlaAnswerSchema,
  rlaAuditBallotListSchema,
  rlaBallotImageSchema,
  rlaBallotParamsSchema,
  rlaBoardBallotListSchema,
  rlaCandidatesSchema,
  rlaParamsSchema,
  rlaReadingBodySchema,
  rlaRetrievalSchema,
  rlaRoundParamsSchema,
  rlaSavedSchema,
  rlaStartBodySchema,
} from './rla.schemas.js';

const tags = ['Risk-limiting audit'];

export const rlaRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/rla/:jobId',
    summary:
      "The job's risk-limiting audit, its contests, boards and rounds (null before it starts)",
    tags,
    params: rlaParamsSchema,
    response: rlaAnswerSchema,
  }),
  candidates: defineRoute({
    method: 'GET',
    path: '/rla/:jobId/contests',
    summary:
      "The contests the job's CVR reports, with margins over the manifest, and who may sit on a board (Auditor)",
    tags,
    params: rlaParamsSchema,
    response: rlaCandidatesSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/rla/:jobId',
    summary:
      'Starts a ballot-comparison RLA on the job’s CVR and ballot manifest and draws round 1 (Auditor)',
    tags,
    params: rlaParamsSchema,
    body: rlaStartBodySchema,
    response: rlaSavedSchema,
    status: 201,
  }),
  nextRound: defineRoute({
    method: 'POST',
    path: '/rla/:jobId/rounds',
    summary: 'Draws the next round when the last one ended short of the risk limit (Auditor)',
    tags,
    params: rlaParamsSchema,
    response: rlaSavedSchema,
    status: 201,
  }),
  retrieval: defineRoute({
    method: 'GET',
    path: '/rla/:jobId/rounds/:round/retrieval',
    summary: "A round's retrieval list by batch, position and storage location (Auditor)",
    tags,
    params: rlaRoundParamsSchema,
    response: rlaRetrievalSchema,
  }),
  retrievalCsv: defineRoute({
    method: 'GET',
    path: '/rla/:jobId/rounds/:round/retrieval.csv',
    summary: "A round's retrieval list as a CSV download (Auditor)",
    tags,
    params: rlaRoundParamsSchema,
    response: z.unknown(),
  }),
  board: defineRoute({
    method: 'GET',
    path: '/rla/:jobId/board',
    summary: "The caller's audit board's ballots, without their records",
    tags,
    params: rlaParamsSchema,
    response: rlaBoardBallotListSchema,
  }),
  read: defineRoute({
    method: 'PUT',
    path: '/rla/:jobId/ballots/:ballotId/reading',
    summary: 'A board member enters what the sampled ballot shows',
    tags,
    params: rlaBallotParamsSchema,
    body: rlaReadingBodySchema,
    response: rlaSavedSchema,
  }),
  ballots: defineRoute({
    method: 'GET',
    path: '/rla/:jobId/ballots',
    summary: 'Every sampled ballot with its record, reading and discrepancies (Auditor)',
    tags,
    params: rlaParamsSchema,
    response: rlaAuditBallotListSchema,
  }),
  image: defineRoute({
    method: 'GET',
    path: '/rla/:jobId/ballots/:ballotId/image',
    summary:
      "The image audit's reading and crop of a sampled ballot beside the board's reading, once the board has read it (Auditor)",
    tags,
    params: rlaBallotParamsSchema,
    response: rlaBallotImageSchema,
  }),
};
