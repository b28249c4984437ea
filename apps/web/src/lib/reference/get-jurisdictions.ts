import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceRoutes } from '@scrutineer/contracts';
import { api } from '../api-client';
import { referenceKeys } from './reference-keys';

export function getJurisdictions(signal?: AbortSignal) {
  return api.call(referenceRoutes.jurisdictions, { signal });
}

// The list changes with a Census release, not during a session.
export function jurisdictionsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.jurisdictions(),
    queryFn: ({ signal }) => getJurisdictions(signal),
    staleTime: Infinity,
  });
}

/** Every US state code to its counties and county-equivalents. */
export function useJurisdictions() {
  return useQuery(jurisdictionsQueryOptions());
}
