import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberFileRoutesFor } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { uploadKeys, type OwnerType } from './upload-keys';

/** Deletes a direct upload or a requested file of an election or a district. */
export function useDeleteUploadFile(type: OwnerType, ownerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, requested }: { id: number; requested: boolean }) => {
      const routes = memberFileRoutesFor[type];
      return api.call(requested ? routes.removeRequested : routes.remove, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.owner(type, ownerId) }),
  });
}
