import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  uploadRequestAdminRoutes,
  uploadRequestRoutesFor,
  type UploadRequestBody,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { FRESH, ownerField, uploadKeys, type OwnerType } from './upload-keys';

export type RequestInput = Pick<
  UploadRequestBody,
  'name' | 'email' | 'description' | 'valid_through' | 'send_email'
> & { id?: number | undefined };

function requestBody(type: OwnerType, ownerId: number, input: RequestInput) {
  return {
    ...input,
    ...ownerField(type, ownerId),
    valid_through: input.valid_through ?? null,
    // The spec sends the page address when mailing; the server builds links itself.
    ...(input.send_email ? { send_link: window.location.href } : {}),
  };
}

export function uploadRequestsQuery(type: OwnerType, ownerId: number) {
  return queryOptions({
    queryKey: uploadKeys.requests(type, ownerId),
    staleTime: FRESH,
    queryFn: ({ signal }) =>
      api.call(uploadRequestRoutesFor[type].list, { params: { id: ownerId }, signal }),
  });
}

/** The upload requests of an election or a district (Upload Requests tab). */
export const useUploadRequests = (type: OwnerType, ownerId: number) =>
  useQuery(uploadRequestsQuery(type, ownerId));

/** Sends a new request (Send) or saves an existing one (Update); mails the link when asked. */
export function useSaveUploadRequest(type: OwnerType, ownerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestInput) => {
      const routes = uploadRequestRoutesFor[type];
      const body = requestBody(type, ownerId, input);
      return input.id
        ? api.call(routes.update, { params: { id: input.id }, body })
        : api.call(routes.create, { body });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: uploadKeys.requests(type, ownerId) }),
  });
}

/** Saves the request as it stands and answers its link (the copy-link icon). */
export function useCopyUploadRequest(type: OwnerType, ownerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestInput) =>
      api.call(uploadRequestRoutesFor[type].copy, {
        body: { ...requestBody(type, ownerId, input), request_id: input.id },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: uploadKeys.requests(type, ownerId) }),
  });
}

export function useDeleteUploadRequest(type: OwnerType, ownerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(uploadRequestRoutesFor[type].remove, { params: { id } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: uploadKeys.requests(type, ownerId) }),
  });
}

/** Every upload request with its link (the Admin's Upload Requests table). */
export const useAllUploadRequests = () =>
  useQuery({
    queryKey: uploadKeys.allRequests(),
    staleTime: FRESH,
    queryFn: ({ signal }) => api.call(uploadRequestAdminRoutes.all, { signal }),
  });
