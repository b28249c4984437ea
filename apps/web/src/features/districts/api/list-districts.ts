import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { districtRoutes, type RouteQuery } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export type DistrictListQuery = Partial<RouteQuery<typeof districtRoutes.list>>;

export function listDistricts(query: DistrictListQuery, signal?: AbortSignal) {
  return api.call(districtRoutes.list, { query, signal });
}

export function districtsQueryOptions(query: DistrictListQuery) {
  return queryOptions({
    queryKey: districtKeys.list(query),
    queryFn: ({ signal }) => listDistricts(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the districts the caller belongs to. */
export function useDistricts(query: DistrictListQuery, enabled = true) {
  return useQuery({ ...districtsQueryOptions(query), enabled });
}
