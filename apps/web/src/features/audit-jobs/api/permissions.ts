import { useMutation } from '@tanstack/react-query';
import { jobPermissionRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

/** Asks the Admin for access to the chosen jobs. */
export function useRequestJobPermission() {
  return useMutation({
    mutationFn: (jobIds: number[]) =>
      api.call(jobPermissionRoutes.create, { body: { job_ids: jobIds.join(',') } }),
  });
}
