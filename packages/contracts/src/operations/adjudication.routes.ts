import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  adjudicationDecisionBodySchema,
  adjudicationListSchema,
  adjudicationNextQuerySchema,
  adjudicationNextSchema,
  adjudicationParamsSchema,
  adjudicationQuerySchema,
  adjudicationSavedSchema,
  adjudicationSchema,
  adjudicationSettingsBodySchema,
  adjudicationSettingsSchema,
  tallyBallotsQuerySchema,
  tallyBallotsSchema,
  tallySchema,
} from './adjudication.schemas.js';

const tags = ['job-operations'];
const jobParams = z.object({ jobId: recordIdSchema });

/**
 * Adjudication (issue 19; the spec names no calls): the queue of what the adjudicate stage
 * packaged, decisions by the job's Auditor and people given adjudicate permission, and the tally.
 */
export const adjudicationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/job-operations/adjudications/:jobId',
    summary:
      'The queue: disagreements and gray marks the adjudicate stage packaged, filtered, with counts (anyone who may open the job)',
    tags,
    params: jobParams,
    query: adjudicationQuerySchema,
    response: adjudicationListSchema,
  }),
  next: defineRoute({
    method: 'GET',
    path: '/job-operations/adjudications/:jobId/next',
    summary: 'The next item after `after` the caller may decide, with the same filters',
    tags,
    params: jobParams,
    query: adjudicationNextQuerySchema,
    response: adjudicationNextSchema,
  }),
  item: defineRoute({
    method: 'GET',
    path: '/job-operations/adjudications/:jobId/:itemId',
    summary: 'One item with its crop, page, targets and reviews',
    tags,
    params: adjudicationParamsSchema,
    response: adjudicationSchema,
  }),
  decide: defineRoute({
    method: 'PUT',
    path: '/job-operations/adjudications/:jobId/:itemId',
    summary:
      "Record a decision on one item (the job's Auditor, or a person given adjudicate permission); the report goes out of date",
    tags,
    params: adjudicationParamsSchema,
    body: adjudicationDecisionBodySchema,
    response: adjudicationSavedSchema,
  }),
  settings: defineRoute({
    method: 'PUT',
    path: '/job-operations/adjudication-settings/:jobId',
    summary:
      'How many adjudicators review each item: 1, or 2 with a third settling a split (Auditor)',
    tags,
    params: jobParams,
    body: adjudicationSettingsBodySchema,
    response: adjudicationSettingsSchema,
  }),
  tally: defineRoute({
    method: 'GET',
    path: '/job-operations/tally/:jobId',
    summary: 'Totals per contest: records, images, and images with the decisions folded in',
    tags,
    params: jobParams,
    response: tallySchema,
  }),
  tallyBallots: defineRoute({
    method: 'GET',
    path: '/job-operations/tally/:jobId/ballots',
    summary: 'The ballots behind one number of the tally',
    tags,
    params: jobParams,
    query: tallyBallotsQuerySchema,
    response: tallyBallotsSchema,
  }),
};
