import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  jobOperationRoutes,
  toolRoutes,
  type Tool,
  type ToolSettings,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { toolKeys } from './tool-keys';

function useToolMutation<I, O>(jobId: number | null, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.list(jobId) }),
  });
}

/** Adds a tool row, or updates the one with row_number. */
export function useSaveTool(jobId: number | null) {
  return useToolMutation(jobId, (input: { settings: ToolSettings; rowNumber: number | null }) =>
    input.rowNumber === null
      ? api.call(toolRoutes.add, { body: { job_id: jobId, settings: input.settings } })
      : api.call(toolRoutes.update, {
          body: { job_id: jobId, settings: input.settings, row_number: input.rowNumber },
        }),
  );
}

export function useDeleteTool(jobId: number | null) {
  return useToolMutation(jobId, (rowNumber: number) =>
    api.call(toolRoutes.remove, { body: { job_id: jobId, row_number: rowNumber } }),
  );
}

/** POST /compute/tools-execute: the row's operands plus the caller's user_id. */
export function useExecuteTool(jobId: number | null) {
  return useToolMutation(jobId, (tool: Tool) =>
    api.call(toolRoutes.execute, {
      body: {
        ...tool.api_operands,
        op: tool.api_operands.op,
        job_id: jobId ?? undefined,
        row_number: tool.row_number,
        user_id: getSession()?.user_id,
      },
    }),
  );
}

export function useStopTool(jobId: number | null) {
  return useToolMutation(jobId, (operationId: string) =>
    api.call(toolRoutes.stop, { params: { operation_id: operationId } }),
  );
}

/**
 * Reset in the tool view: the spec's one reset call (GET /job-operations/refresh/{id}) given
 * the tool run's operation_id; the row is ready again (from STOPPED, FAILURE or SUCCESS).
 */
export function useResetTool(jobId: number | null) {
  return useToolMutation(jobId, async (operationId: string) => {
    const answer = await api.call(jobOperationRoutes.reset, { params: { id: operationId } });
    if (!('tool' in answer)) throw new Error('The server answered a stage for a tool.');
    return answer;
  });
}
