import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type UserAction = 'deactivate' | 'activate' | 'delete';

/** Deactivate (DELETE /users/{id}), reactivate (PUT /users-activate/{id}), delete for good. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: UserAction }) => {
      if (action === 'activate') return api.call(adminUserRoutes.activate, { params: { id } });
      if (action === 'deactivate') return api.call(adminUserRoutes.deactivate, { params: { id } });
      return api.call(adminUserRoutes.deletePermanently, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
