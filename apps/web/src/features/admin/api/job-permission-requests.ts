import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobPermissionRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface JobPermissionAnswer {
  job_id: number;
  accept_permission: boolean;
  permission: boolean;
}

/** Every job-permission request, newest first (GET /job-permission). */
export function useJobPermissionRequests() {
  return useQuery({
    queryKey: adminKeys.requests(),
    queryFn: ({ signal }) => api.call(jobPermissionRoutes.requests, { signal }),
  });
}

/** PUT /job-permission/{id}: the Admin's answer per requested job. */
export function useAnswerJobPermission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: JobPermissionAnswer[]) =>
      api.call(jobPermissionRoutes.answer, {
        params: { id },
        body: { id, job_permission: answers },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.requests() });
      await queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'permission'] });
    },
  });
}
