import { useMutation, useQueryClient } from '@tanstack/react-query';
import { districtRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import type { DistrictInput } from './create-district';
import { districtKeys } from './district-keys';

export function updateDistrict(id: number, body: DistrictInput) {
  return api.call(districtRoutes.update, { params: { id }, body: { ...body, id } });
}

export function useUpdateDistrict(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DistrictInput) => updateDistrict(id, body),
    onSuccess: (district) => {
      queryClient.setQueryData(districtKeys.detail(id), district);
      return queryClient.invalidateQueries({ queryKey: districtKeys.lists() });
    },
  });
}
