import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { districtRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

/** Districts matching `search`, for the district filter and the new election's district. */
export function listDistrictOptions(search: string, signal?: AbortSignal) {
  return api.call(districtRoutes.list, {
    query: { search: search || undefined, page_size: 50, sort: 'name', order: 'asc' },
    signal,
  });
}

export function districtOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: electionKeys.districtOptions(search),
    queryFn: ({ signal }) => listDistrictOptions(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDistrictOptions(search: string) {
  return useQuery(districtOptionsQueryOptions(search));
}
