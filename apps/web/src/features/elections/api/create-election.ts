import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electionRoutes, type RouteBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export type ElectionCreateInput = RouteBody<typeof electionRoutes.create>;

export function createElection(body: ElectionCreateInput) {
  return api.call(electionRoutes.create, { body });
}

export function useCreateElection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createElection,
    // The page opens the new election with a GET, which records the creator's Access Date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: electionKeys.lists() }),
  });
}
