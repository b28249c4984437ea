import { z } from 'zod';
import { idParamsSchema, messageSchema, recordIdSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  auditJobCreateBodySchema,
  auditJobListQuerySchema,
  auditJobPageSchema,
  auditJobSavedSchema,
  auditJobSchema,
  auditJobUpdateBodySchema,
  publicAuditJobListSchema,
  publicAuditJobSchema,
} from './job.schemas.js';
import {
  auditPermissionSavedSchema,
  auditPermissionSchema,
  jobPermissionAnswerBodySchema,
  jobPermissionRequestBodySchema,
  jobPermissionRequestListSchema,
  jobPermissionRequestSavedSchema,
  jobPermissionRequestSchema,
  saveAuditPermissionBodySchema,
} from './job-permission.schemas.js';

const tags = ['audit-jobs'];

export const auditJobRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/audit-jobs',
    summary: 'Jobs the caller may open (JOB List, or Test JOB List with test=true)',
    tags,
    query: auditJobListQuerySchema,
    response: auditJobPageSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/audit-jobs/:id',
    summary: 'Open a job: an Observer only when the election privacy is Open',
    tags,
    params: idParamsSchema,
    response: auditJobSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/audit-jobs',
    summary: "Create a job on an election (the election's Auditor); the creator is its Auditor",
    tags,
    body: auditJobCreateBodySchema,
    response: auditJobSavedSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/audit-jobs/:id',
    summary: 'Change name and description (Auditor), or donation figures (Admin)',
    tags,
    params: idParamsSchema,
    body: auditJobUpdateBodySchema,
    response: auditJobSavedSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/audit-jobs/:id',
    summary: 'Delete a job with its files and attachments (Auditor)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
  }),
  publicList: defineRoute({
    method: 'GET',
    path: '/get-audit',
    summary: 'Active jobs on elections that are not Closed, as donors and requesters see them',
    tags,
    response: publicAuditJobListSchema,
  }),
  publicGet: defineRoute({
    method: 'GET',
    path: '/get-singleaudit/:id',
    summary: 'One active job on an election that is not Closed',
    tags,
    params: idParamsSchema,
    response: publicAuditJobSchema,
  }),
};

const permissionTags = ['job-permission'];
export const jobPermissionRoutes = {
  requests: defineRoute({
    method: 'GET',
    path: '/job-permission',
    summary: 'Every job-permission request (Admin)',
    tags: permissionTags,
    response: jobPermissionRequestListSchema,
  }),
  request: defineRoute({
    method: 'GET',
    path: '/job-permission/:id',
    summary: 'One request (Admin, or the person who sent it)',
    tags: permissionTags,
    params: idParamsSchema,
    response: jobPermissionRequestSchema,
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/getjob-permission',
    summary: "The caller's own requests",
    tags: permissionTags,
    response: jobPermissionRequestListSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/job-permission',
    summary: 'Ask the Admin for access to jobs',
    tags: permissionTags,
    body: jobPermissionRequestBodySchema,
    response: jobPermissionRequestSavedSchema,
    status: 201,
  }),
  answer: defineRoute({
    method: 'PUT',
    path: '/job-permission/:id',
    summary: 'Answer a request per job (Admin); accepted jobs become per-job permissions',
    tags: permissionTags,
    params: idParamsSchema,
    body: jobPermissionAnswerBodySchema,
    response: jobPermissionRequestSavedSchema,
  }),
  userPermissions: defineRoute({
    method: 'GET',
    path: '/audit-permission/:id',
    summary: "A user's per-job permissions and flags (Admin)",
    tags: permissionTags,
    params: idParamsSchema,
    response: auditPermissionSchema,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/save-audit-permission/:id',
    summary: "Replace a user's per-job permissions and set their flags (Admin)",
    tags: permissionTags,
    params: idParamsSchema,
    body: saveAuditPermissionBodySchema,
    response: auditPermissionSavedSchema,
  }),
  own: defineRoute({
    method: 'GET',
    path: '/get-permission',
    summary: "The caller's per-job permissions and flags",
    tags: permissionTags,
    response: auditPermissionSchema,
  }),
};

export const jobIdQuerySchema = z.object({ job_id: recordIdSchema });
