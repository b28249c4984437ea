import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electionUserRoutes, type MemberRole } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { electionKeys } from './election-keys';

export interface MemberInput {
  id?: number;
  first_name: string;
  last_name: string;
  email: string;
  role: MemberRole;
}

/** Invites a person, or changes a member when the id is above 0 (spec part 2, section 4). */
export function saveMember(electionId: number, input: MemberInput) {
  const body = { ...input, election_id: electionId };
  return input.id && input.id > 0
    ? api.call(electionUserRoutes.update, { params: { id: input.id }, body })
    : api.call(electionUserRoutes.create, { body });
}

export function useSaveMember(electionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberInput) => saveMember(electionId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: electionKeys.members(electionId) }),
  });
}
