import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { electionRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

/** Opens an election; the server records the caller's Access Date. */
export function getElection(id: number, signal?: AbortSignal) {
  return api.call(electionRoutes.get, { params: { id }, signal });
}

export function electionQueryOptions(id: number) {
  return queryOptions({
    queryKey: electionKeys.detail(id),
    queryFn: ({ signal }) => getElection(id, signal),
  });
}

/**
 * One election with the caller's role; pass null for a new election. Opening it moves it to
 * the top of the caller's list (Access Date), so cached lists are marked stale.
 */
export function useElection(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...electionQueryOptions(id ?? 0),
    queryFn: async ({ signal }) => {
      const election = await getElection(id ?? 0, signal);
      void queryClient.invalidateQueries({ queryKey: electionKeys.lists(), refetchType: 'none' });
      return election;
    },
    enabled: id !== null,
  });
}
