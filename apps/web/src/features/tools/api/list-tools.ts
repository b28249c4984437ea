import { useQueries, useQuery } from '@tanstack/react-query';
import {
  OPERATION_TIMINGS,
  toolRoutes,
  type ComputeStatus,
  type Tool,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { toolKeys } from './tool-keys';

const pollMs = OPERATION_TIMINGS.jobPagePollMs;

/** A job's tools, or the Admin's global tools (jobId null); reloaded every 2 s while shown. */
export function useTools(jobId: number | null) {
  return useQuery({
    queryKey: toolKeys.list(jobId),
    queryFn: ({ signal }) =>
      api.call(toolRoutes.list, { query: { job_id: jobId ?? undefined }, signal }),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The registered tool functions a row may name. */
export function useActionSpecs(enabled: boolean) {
  return useQuery({
    queryKey: toolKeys.specs(),
    queryFn: ({ signal }) => api.call(toolRoutes.actionSpecs, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /compute/status/{id} of every running tool, every 2 s; answers by operation id. */
export function useRunningToolStatus(tools: readonly Tool[]): Map<string, ComputeStatus> {
  const running = tools.flatMap((t) =>
    t.status === 'RUNNING' && t.operation_id ? [t.operation_id] : [],
  );
  const results = useQueries({
    queries: running.map((operationId) => ({
      queryKey: toolKeys.status(operationId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.call(toolRoutes.status, { params: { operation_id: operationId }, signal }),
      refetchInterval: pollMs,
      staleTime: 0,
      retry: false,
    })),
  });
  const byId = new Map<string, ComputeStatus>();
  for (const result of results) if (result.data) byId.set(result.data.operation_id, result.data);
  return byId;
}
