import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electionRoutes, type RouteBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export type ElectionUpdateInput = RouteBody<typeof electionRoutes.update>;

/** Saves name and description; the other fields are locked once the election exists. */
export function updateElection(id: number, body: ElectionUpdateInput) {
  return api.call(electionRoutes.update, { params: { id }, body: { ...body, id } });
}

export function useUpdateElection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ElectionUpdateInput) => updateElection(id, body),
    onSuccess: (election) => {
      queryClient.setQueryData(electionKeys.detail(id), election);
      return queryClient.invalidateQueries({ queryKey: electionKeys.lists() });
    },
  });
}
