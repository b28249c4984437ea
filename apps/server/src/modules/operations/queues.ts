/** The pipeline's queues: stage plans, stage batches, tool runs. */
export const QUEUES = { plan: 'pipeline-plan', batch: 'pipeline-batch', tool: 'tool-run' } as const;
