import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { electionRoutes, type RouteQuery } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export type ElectionListQuery = Partial<RouteQuery<typeof electionRoutes.list>>;

export function listElections(query: ElectionListQuery, signal?: AbortSignal) {
  return api.call(electionRoutes.list, { query, signal });
}

export function electionsQueryOptions(query: ElectionListQuery) {
  return queryOptions({
    queryKey: electionKeys.list(query),
    queryFn: ({ signal }) => listElections(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the elections the caller belongs to, by Access Date unless sorted otherwise. */
export function useElections(query: ElectionListQuery) {
  return useQuery(electionsQueryOptions(query));
}
