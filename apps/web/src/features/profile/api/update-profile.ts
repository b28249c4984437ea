import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRoutes, type UpdateProfileBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

export function updateProfile(body: UpdateProfileBody) {
  return api.call(profileRoutes.updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me(), profile),
  });
}
