import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditJobRoutes,
  jobPermissionRoutes,
  type JobPermissionInput,
  type UserFlagsBody,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A user's per-job permissions and flags (GET /audit-permission/{id}). */
export function useAuditPermission(userId: number) {
  return useQuery({
    queryKey: adminKeys.permission(userId),
    queryFn: ({ signal }) =>
      api.call(jobPermissionRoutes.userPermissions, { params: { id: userId }, signal }),
  });
}

/** Every audit job, test jobs included, for the job pickers of the admin dialogs. */
export function useAllJobs() {
  return useQuery({
    queryKey: adminKeys.jobs(),
    queryFn: async ({ signal }) => {
      const query = { page_size: 100, sort: 'name', order: 'asc' } as const;
      const [plain, test] = await Promise.all([
        api.call(auditJobRoutes.list, { query: { ...query, test: false }, signal }),
        api.call(auditJobRoutes.list, { query: { ...query, test: true }, signal }),
      ]);
      return [...plain.items, ...test.items].map((job) => ({
        id: job.id,
        name: job.is_test === 'True' ? `${job.name} (test)` : job.name,
      }));
    },
  });
}

/** PUT /save-audit-permission/{id}: the rows replace the old ones; the flags are set. */
export function useSaveAuditPermission(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      permissions: JobPermissionInput[];
      flags: Required<Omit<UserFlagsBody, 'id'>>;
    }) =>
      api.call(jobPermissionRoutes.save, {
        params: { id: userId },
        body: {
          id: userId,
          audit: input.permissions.map((row) => row.jobid).join(','),
          election_ids: null,
          permissions: JSON.stringify(input.permissions),
          ...input.flags,
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.permission(userId) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}
