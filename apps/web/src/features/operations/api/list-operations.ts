import { useQuery } from '@tanstack/react-query';
import { jobOperationRoutes, OPERATION_TIMINGS } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** While progress arrives on the live connection, a slow read catches what it does not carry. */
const LIVE_POLL_MS = 30_000;

/**
 * A job's stages. Pushed progress keeps them current while `live`; otherwise they are reloaded
 * every 2 seconds while the Audit Operations tab is open.
 */
export function useOperations(jobId: number, live = false) {
  return useQuery({
    queryKey: operationKeys.list(jobId),
    queryFn: ({ signal }) => api.call(jobOperationRoutes.list, { params: { jobId }, signal }),
    refetchInterval: live ? LIVE_POLL_MS : OPERATION_TIMINGS.jobPagePollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
