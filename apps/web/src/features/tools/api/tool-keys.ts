/** Query keys of the tools feature; mutations invalidate through these. */
export const toolKeys = {
  all: ['tools'] as const,
  list: (jobId: number | null) => [...toolKeys.all, 'list', jobId ?? 'global'] as const,
  specs: () => [...toolKeys.all, 'action-specs'] as const,
  status: (operationId: string) => [...toolKeys.all, 'status', operationId] as const,
};
