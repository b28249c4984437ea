import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electionUserRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export function deleteMember(id: number) {
  return api.call(electionUserRoutes.remove, { params: { id } });
}

export function useDeleteMember(electionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: electionKeys.members(electionId) }),
  });
}
