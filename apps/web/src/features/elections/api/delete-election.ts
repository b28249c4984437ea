import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electionRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export function deleteElection(id: number) {
  return api.call(electionRoutes.remove, { params: { id } });
}

export function useDeleteElection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteElection,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: electionKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: electionKeys.lists() });
    },
  });
}
