import { useMutation, useQueryClient } from '@tanstack/react-query';
import { districtContactRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export function deleteContact(districtId: number, id: number) {
  return api.call(districtContactRoutes.remove, { params: { districtId, id } });
}

export function useDeleteContact(districtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContact(districtId, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: districtKeys.contacts(districtId) }),
        queryClient.invalidateQueries({ queryKey: districtKeys.lists() }),
      ]),
  });
}
