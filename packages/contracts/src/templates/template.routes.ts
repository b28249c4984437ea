import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  targetMapBodySchema,
  targetMapExportQuerySchema,
  targetMapImportBodySchema,
  targetMapSavedSchema,
  targetMapSchema,
  templateImageParamsSchema,
  templateJobParamsSchema,
  templateListSchema,
  templateStyleParamsSchema,
} from './template.schemas.js';

const tags = ['job-templates'];

/** Template review and target mapping by hand (docs/decisions.md, "Template review"). */
export const templateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/job-templates/:jobId',
    summary: "A job's ballot styles with their templates, targets and quality signals (members)",
    tags,
    params: templateJobParamsSchema,
    response: templateListSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/job-templates/:jobId/:style',
    summary: "A style side's target map, edited or automatic, and the automatic one (members)",
    tags,
    params: templateStyleParamsSchema,
    response: targetMapSchema,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/job-templates/:jobId/:style',
    summary:
      "Save a style side's target map; extractvote and later stages go out of date (Auditor)",
    tags,
    params: templateStyleParamsSchema,
    body: targetMapBodySchema,
    response: targetMapSavedSchema,
  }),
  restore: defineRoute({
    method: 'DELETE',
    path: '/job-templates/:jobId/:style',
    summary: "Drop a style side's edited map: the automatic map is read again (Auditor)",
    tags,
    params: templateStyleParamsSchema,
    response: targetMapSavedSchema,
  }),
  import: defineRoute({
    method: 'POST',
    path: '/job-templates/:jobId/:style/import',
    summary: 'Save a target map from a JSON or CSV export (Auditor)',
    tags,
    params: templateStyleParamsSchema,
    body: targetMapImportBodySchema,
    response: targetMapSavedSchema,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/job-templates/:jobId/:style/export',
    summary: "A style side's target map as a JSON or CSV download (members)",
    tags,
    params: templateStyleParamsSchema,
    query: targetMapExportQuerySchema,
    response: z.unknown(),
  }),
  image: defineRoute({
    method: 'GET',
    path: '/job-templates/:jobId/:style/images/:kind',
    summary: "A style side's template, redline proof or exemplar as a PNG download (members)",
    tags,
    params: templateImageParamsSchema,
    response: z.unknown(),
  }),
};
