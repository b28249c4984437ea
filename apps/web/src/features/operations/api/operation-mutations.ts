import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  jobOperationRoutes,
  type Operation,
  type OperationLaunchBody,
  type OperationList,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { operationKeys } from './operation-keys';

export type LaunchInput = Pick<OperationLaunchBody, 'operation'> &
  Partial<Pick<OperationLaunchBody, 'action' | 'force_rebuild' | 'clear_results'>>;

/** Puts the operation a call answered into the list at once, before the next poll. */
function store(queryClient: QueryClient, jobId: number, operation: Operation) {
  queryClient.setQueryData<OperationList>(operationKeys.list(jobId), (list) =>
    list
      ? { ...list, items: list.items.map((op) => (op.id === operation.id ? operation : op)) }
      : list,
  );
  return queryClient.invalidateQueries({ queryKey: operationKeys.list(jobId) });
}

function useOperationMutation<I, O extends { operation: Operation }>(
  jobId: number,
  mutationFn: (input: I) => Promise<O>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => store(queryClient, jobId, answer.operation),
  });
}

/** POST /job-operations: run a ready stage, or force a rerun (job Auditor). */
export function useLaunchOperation(jobId: number) {
  return useOperationMutation(jobId, (input: LaunchInput) =>
    api.call(jobOperationRoutes.launch, { body: { job_id: jobId, ...input } }),
  );
}

/** GET /job-operations/stop/{id}: any member may stop a RUNNING stage. */
export function useStopOperation(jobId: number) {
  return useOperationMutation(jobId, (id: number) =>
    api.call(jobOperationRoutes.stop, { params: { id: String(id) } }),
  );
}

/** GET /job-operations/refresh/{id}: reset a STOPPED or FAILURE stage (Auditor). */
export function useResetOperation(jobId: number) {
  return useOperationMutation(jobId, async (id: number) => {
    const answer = await api.call(jobOperationRoutes.reset, { params: { id: String(id) } });
    // A stage's row id answers the stage; only a tool run's operation_id answers a tool.
    if (!('operation' in answer)) throw new Error('The server answered a tool for a stage.');
    return answer;
  });
}

/** GET /job-operations/refresh_status_force/{id}: re-read a built stage's outputs (Auditor). */
export function useForceRefresh(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.call(jobOperationRoutes.refreshStatusForce, { params: { id: String(id) } }),
    onSuccess: (operation) => store(queryClient, jobId, operation),
  });
}

/** GET /job-operations/pipeline-status/{jobId}: the staged refresh; an error means no pipeline file. */
export function usePipelineRefresh(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(jobOperationRoutes.pipelineStatus, { params: { id: jobId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationKeys.list(jobId) }),
  });
}
