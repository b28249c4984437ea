import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceRoutes } from '@scrutineer/contracts';
import { api } from '../api-client';
import { referenceKeys } from './reference-keys';

export function getUsStates(signal?: AbortSignal) {
  return api.call(referenceRoutes.usStates, { signal });
}

export function usStatesQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.usStates(),
    queryFn: ({ signal }) => getUsStates(signal),
    staleTime: Infinity,
  });
}

/** US states, DC and the inhabited territories, with their codes. */
export function useUsStates() {
  return useQuery(usStatesQueryOptions());
}
