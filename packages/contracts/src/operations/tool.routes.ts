import { messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  actionSpecListSchema,
  actionSpecSchema,
  actionToolsQuerySchema,
  computeParamsSchema,
  computeStatusSchema,
  toolAddBodySchema,
  toolDeleteBodySchema,
  toolExecuteBodySchema,
  toolExecutedSchema,
  toolListSchema,
  toolSavedSchema,
  toolUpdateBodySchema,
} from './tool.schemas.js';
import { z } from 'zod';

const tags = ['tools'];

/** Tools and compute (spec part 3 §7). */
export const toolRoutes = {
  actionSpecs: defineRoute({
    method: 'GET',
    path: '/sys-config/action-specs/v3',
    summary: 'The registered tool functions a tool row may name',
    tags,
    response: actionSpecListSchema,
  }),
  actionSpec: defineRoute({
    method: 'GET',
    path: '/sys-config/action-specs/v3/:id',
    summary: 'One registered tool function',
    tags,
    params: z.object({ id: z.string().trim().min(1).max(100) }),
    response: actionSpecSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/sys-config/action-tools',
    summary: "A job's tools (job_id), or the Admin's global tools without it",
    tags,
    query: actionToolsQuerySchema,
    response: toolListSchema,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/sys-config/action-tools',
    summary: 'Add a tool row (job Auditor, or Admin for global tools)',
    tags,
    body: toolAddBodySchema,
    response: toolSavedSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/sys-config/update-action-tools',
    summary: 'Update the tool row with row_number',
    tags,
    body: toolUpdateBodySchema,
    response: toolSavedSchema,
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/sys-config/delete-action-tools',
    summary: 'Delete the tool row with row_number',
    tags,
    body: toolDeleteBodySchema,
    response: messageSchema,
  }),
  execute: defineRoute({
    method: 'POST',
    path: '/compute/tools-execute',
    summary: 'Run a registered tool function on the queue with its operands validated',
    tags,
    body: toolExecuteBodySchema,
    response: toolExecutedSchema,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/compute/status/:operation_id',
    summary: 'Status of a tool run: REVOKED answers STOPPED, PENDING answers RUNNING',
    tags,
    params: computeParamsSchema,
    response: computeStatusSchema,
  }),
  stop: defineRoute({
    method: 'GET',
    path: '/compute/stop/:operation_id',
    summary: 'Stop a tool run',
    tags,
    params: computeParamsSchema,
    response: messageSchema,
  }),
};
