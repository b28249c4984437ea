import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadSetRoutesFor } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { FRESH, ownerField, uploadKeys, type OwnerType } from './upload-keys';

/** File sets of an election (Election Files tab). */
export const useUploadSets = (type: OwnerType, ownerId: number) =>
  useQuery({
    queryKey: uploadKeys.sets(type, ownerId),
    staleTime: FRESH,
    queryFn: ({ signal }) =>
      api.call(uploadSetRoutesFor[type].list, { params: { id: ownerId }, signal }),
  });

/** Finished zip files of the election that can become file sets. */
export const useAdoptableFiles = (type: OwnerType, ownerId: number, enabled: boolean) =>
  useQuery({
    queryKey: uploadKeys.adoptable(type, ownerId),
    queryFn: ({ signal }) =>
      api.call(uploadSetRoutesFor[type].adoptable, { params: { id: ownerId }, signal }),
    enabled,
  });

export interface SetDetails {
  file_name: string;
  file_type: string;
  description: string;
}

function useSetMutation<T, R>(type: OwnerType, ownerId: number, fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.owner(type, ownerId) }),
  });
}

/** Adopts the chosen files (names joined by commas) as file sets of one type. */
export const useAdoptFiles = (type: OwnerType, ownerId: number) =>
  useSetMutation(type, ownerId, (input: SetDetails) =>
    api.call(uploadSetRoutesFor[type].adopt, { body: { ...input, ...ownerField(type, ownerId) } }),
  );

/** Edits a set's name, type and description. */
export const useEditUploadSet = (type: OwnerType, ownerId: number) =>
  useSetMutation(type, ownerId, ({ id, ...body }: SetDetails & { id: number }) =>
    api.call(uploadSetRoutesFor[type].update, { params: { id }, body: { id, ...body } }),
  );

export const useDeleteUploadSet = (type: OwnerType, ownerId: number) =>
  useSetMutation(type, ownerId, (id: number) =>
    api.call(uploadSetRoutesFor[type].remove, { params: { id } }),
  );
