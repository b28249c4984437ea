import { useMutation, useQueryClient } from '@tanstack/react-query';
import { districtRoutes, type RouteBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export type DistrictInput = RouteBody<typeof districtRoutes.create>;

export function createDistrict(body: DistrictInput) {
  return api.call(districtRoutes.create, { body });
}

export function useCreateDistrict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDistrict,
    onSuccess: (district) => {
      queryClient.setQueryData(districtKeys.detail(district.id), district);
      return queryClient.invalidateQueries({ queryKey: districtKeys.lists() });
    },
  });
}
