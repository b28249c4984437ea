import { z } from 'zod';
import { recordIdSchema, int4Schema } from '../common/common.schemas.js';
import { operationLinkSchema, operationStatusSchema } from './operation.schemas.js';
import { POLLED_STATUSES } from './operation.constants.js';

/** api_operands: JSON naming the operation (`op`) and its arguments. */
export const toolOperandsSchema = z
  .object({ op: z.string().trim().min(1).max(100) })
  .catchall(z.unknown());
export type ToolOperands = z.infer<typeof toolOperandsSchema>;

/** The fields of the Tools add/edit dialog; all required (spec part 3 §5). */
export const toolSettingsSchema = z.object({
  function_name: z.string().trim().min(1, 'Required.').max(200),
  script: z.string().trim().min(1, 'Required.').max(500),
  api_entry: z.string().trim().min(1, 'Required.').max(500),
  api_operands: z.union([toolOperandsSchema, z.string().trim().min(1).max(10_000)]),
  help_text: z.string().trim().min(1, 'Required.').max(5000),
});
export type ToolSettings = z.infer<typeof toolSettingsSchema>;

export const toolCanSchema = z.object({
  run: z.boolean(),
  stop: z.boolean(),
  reset: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});

/** A row of the Tools screen (spec part 3 §3 "Tool"). */
export const toolSchema = z.object({
  row_number: z.number().int(),
  /** null for the Admin's global tools (/tools). */
  job_id: z.number().int().nullable(),
  function_name: z.string(),
  script: z.string(),
  api_entry: z.string(),
  api_operands: toolOperandsSchema,
  help_text: z.string(),
  status: operationStatusSchema,
  percent: z.number(),
  reports: z.array(operationLinkSchema),
  downloads: z.array(operationLinkSchema),
  operation_id: z.string().nullable(),
  /** Root-relative address of the log, or empty. */
  logs: z.string(),
  can: toolCanSchema,
});
export type Tool = z.infer<typeof toolSchema>;
export const toolListSchema = z.object({
  items: z.array(toolSchema),
  can: z.object({ add: z.boolean() }),
});

/** A registered tool function: the only things a tool row may name (never a shell command). */
export const actionSpecSchema = z.object({
  id: z.string(),
  function_name: z.string(),
  script: z.string(),
  api_entry: z.string(),
  /** Operands the function takes: name → { type, required, help }. */
  operands: z.record(
    z.string(),
    z.object({
      type: z.enum(['str', 'int', 'bool', 'stage']),
      required: z.boolean(),
      help: z.string(),
    }),
  ),
  help_text: z.string(),
  /** Whether the function needs a job (job_id operand). */
  needs_job: z.boolean(),
});
export type ActionSpec = z.infer<typeof actionSpecSchema>;
export const actionSpecListSchema = z.object({ items: z.array(actionSpecSchema) });

export const actionToolsQuerySchema = z.object({
  job_id: recordIdSchema.optional(),
});
export const toolAddBodySchema = z.object({
  job_id: recordIdSchema.nullable().optional(),
  settings: z.union([toolSettingsSchema, z.string().trim().min(2).max(20_000)]),
});
export type ToolAddBody = z.infer<typeof toolAddBodySchema>;
export const toolUpdateBodySchema = toolAddBodySchema.extend({
  row_number: recordIdSchema,
});
export type ToolUpdateBody = z.infer<typeof toolUpdateBodySchema>;
export const toolDeleteBodySchema = z.object({
  job_id: recordIdSchema.nullable().optional(),
  row_number: recordIdSchema,
});
export const toolSavedSchema = z.object({ message: z.string(), tool: toolSchema });

/** POST /compute/tools-execute: the row's operands plus user_id and username. */
export const toolExecuteBodySchema = z
  .object({
    op: z.string().trim().min(1).max(100),
    job_id: recordIdSchema.optional(),
    row_number: recordIdSchema.optional(),
    user_id: int4Schema.optional(),
    username: z.string().max(300).optional(),
  })
  .catchall(z.unknown());
export type ToolExecuteBody = z.infer<typeof toolExecuteBodySchema>;
export const toolExecutedSchema = z.object({ message: z.string(), operation_id: z.string() });

export const computeParamsSchema = z.object({ operation_id: z.string().trim().min(1).max(100) });
export const computeStatusSchema = z.object({
  operation_id: z.string(),
  /** Mapped: REVOKED answers STOPPED, PENDING answers RUNNING. */
  status: operationStatusSchema,
  raw_status: z.enum(POLLED_STATUSES),
  percent: z.number(),
  result: z.string(),
  logs: z.string(),
  reports: z.array(operationLinkSchema),
  downloads: z.array(operationLinkSchema),
});
export type ComputeStatus = z.infer<typeof computeStatusSchema>;
