import { z } from 'zod';
import { recordIdSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  jobOperationsParamsSchema,
  operationChangedSchema,
  operationLaunchBodySchema,
  operationLaunchedSchema,
  operationListSchema,
  operationLogParamsSchema,
  operationRefParamsSchema,
  operationSchema,
  operationStatusPollSchema,
  pipelineStatusSchema,
} from './operation.schemas.js';
import { toolSavedSchema } from './tool.schemas.js';

const tags = ['job-operations'];

/** Job operations (spec part 3 §7). `{id}` of stop/refresh/status is the row id or operation_id. */
export const jobOperationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/job-operations/:jobId',
    summary: "A job's stages as operations, in pipeline order (any member who may open the job)",
    tags,
    params: jobOperationsParamsSchema,
    response: operationListSchema,
  }),
  launch: defineRoute({
    method: 'POST',
    path: '/job-operations',
    summary: 'Run a ready stage, or force a rerun of a built one (job Auditor only)',
    tags,
    body: operationLaunchBodySchema,
    response: operationLaunchedSchema,
  }),
  reset: defineRoute({
    method: 'GET',
    path: '/job-operations/refresh/:id',
    summary:
      "Reset a STOPPED or FAILURE stage to unbuilt-ready, clearing its operation_id (Auditor); given a tool run's operation_id, reset that tool row from STOPPED, FAILURE or SUCCESS (the tool view)",
    tags,
    params: operationRefParamsSchema,
    response: z.union([operationChangedSchema, toolSavedSchema]),
  }),
  pipelineStatus: defineRoute({
    method: 'GET',
    path: '/job-operations/pipeline-status/:id',
    summary: "The job's pipeline status: every stage and the running ones ({id} is the job id)",
    tags,
    params: z.object({ id: recordIdSchema }),
    response: pipelineStatusSchema,
  }),
  refreshStatus: defineRoute({
    method: 'GET',
    path: '/job-operations/refresh_status/:id',
    summary: 'Poll one operation: REVOKED answers STOPPED, PENDING answers RUNNING',
    tags,
    params: operationRefParamsSchema,
    response: operationStatusPollSchema,
  }),
  refreshStatusForce: defineRoute({
    method: 'GET',
    path: '/job-operations/refresh_status_force/:id',
    summary:
      'Forced refresh of a built, SUCCESS or built-new stage: its status and links re-read from its outputs (Auditor)',
    tags,
    params: operationRefParamsSchema,
    response: operationSchema,
  }),
  stop: defineRoute({
    method: 'GET',
    path: '/job-operations/stop/:id',
    summary: 'Stop a RUNNING stage (any member of the job)',
    tags,
    params: operationRefParamsSchema,
    response: operationChangedSchema,
  }),
};

/** Operation logs: plain text, no-cache; under the API prefix like every call ({host} is the API). */
export const operationLogRoutes = {
  byOperationId: defineRoute({
    method: 'GET',
    path: '/logs/operation-logs/:id/',
    summary: 'The log of an operation by its operation_id (older view, polled every 3 s)',
    tags,
    params: operationLogParamsSchema,
    response: z.string(),
  }),
  byName: defineRoute({
    method: 'GET',
    path: '/logs/operation-logs/:id/log.txt',
    summary:
      'The log of an operation by its name `{job_id}_{operation}` (staged view, every 1.5 s)',
    tags,
    params: operationLogParamsSchema,
    response: z.string(),
  }),
};
