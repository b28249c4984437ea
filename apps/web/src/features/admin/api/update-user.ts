import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserRoutes, type AdminUpdateUserBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Update User Data (PUT /users/{id}). */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUpdateUserBody) =>
      api.call(adminUserRoutes.update, { params: { id }, body: { ...body, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
