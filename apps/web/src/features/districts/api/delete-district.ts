import { useMutation, useQueryClient } from '@tanstack/react-query';
import { districtRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export function deleteDistrict(id: number) {
  return api.call(districtRoutes.remove, { params: { id } });
}

export function useDeleteDistrict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDistrict,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: districtKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: districtKeys.lists() });
    },
  });
}
