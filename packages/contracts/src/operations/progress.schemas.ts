import { z } from 'zod';
import { operationStageSchema, operationStatusSchema } from './operation.schemas.js';

/**
 * Live progress of a job's stages on the socket connection: a page that shows a job asks to
 * watch it; the server pushes each change of a stage's status or percent to those watching.
 */
export const JOB_PROGRESS_EVENTS = {
  /** Client → server, with `{ job_id }` and an ack: start hearing the job's progress. */
  watch: 'watchJob',
  /** Client → server, with `{ job_id }`: stop hearing it. */
  unwatch: 'unwatchJob',
  /** Server → client: a job's stages changed. */
  progress: 'JOB_PROGRESS',
} as const;

export const watchJobSchema = z.object({ job_id: z.number().int().positive() });

export const stageProgressSchema = z.object({
  id: z.number().int(),
  operation: operationStageSchema,
  status: operationStatusSchema,
  percent: z.number(),
  operation_id: z.string().nullable(),
  batches_done: z.number().int(),
  batches_total: z.number().int().nullable(),
});

export const jobProgressSchema = z.object({
  job_id: z.number().int(),
  operations: z.array(stageProgressSchema),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;
