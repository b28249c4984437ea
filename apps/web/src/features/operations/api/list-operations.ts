import { useQuery } from '@tanstack/react-query';
import { jobOperationRoutes, OPERATION_TIMINGS } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

/** A job's stages; reloaded every 2 seconds while the Audit Operations tab is open. */
export function useOperations(jobId: number) {
  return useQuery({
    queryKey: operationKeys.list(jobId),
    queryFn: ({ signal }) => api.call(jobOperationRoutes.list, { params: { jobId }, signal }),
    refetchInterval: OPERATION_TIMINGS.jobPagePollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
