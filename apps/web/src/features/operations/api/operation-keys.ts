/** Query keys of the operations feature; mutations update and invalidate through these. */
export const operationKeys = {
  all: ['operations'] as const,
  list: (jobId: number) => [...operationKeys.all, 'list', jobId] as const,
};
