import { queryOptions, useQuery } from '@tanstack/react-query';
import { districtRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export function getDistrict(id: number, signal?: AbortSignal) {
  return api.call(districtRoutes.get, { params: { id }, signal });
}

export function districtQueryOptions(id: number) {
  return queryOptions({
    queryKey: districtKeys.detail(id),
    queryFn: ({ signal }) => getDistrict(id, signal),
  });
}

/** One district with the caller's role; pass null for a new district. */
export function useDistrict(id: number | null) {
  return useQuery({ ...districtQueryOptions(id ?? 0), enabled: id !== null });
}
