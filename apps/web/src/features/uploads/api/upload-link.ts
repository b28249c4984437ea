import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linkFileRoutesFor, linkVerifyRoutesFor } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { uploadKeys, type OwnerType } from './upload-keys';

/** Checks a public upload link first: it answers request_id and email, or why it is refused. */
export const useVerifiedLink = (type: OwnerType, id: number, token: string) =>
  useQuery({
    queryKey: [...uploadKeys.link(type, id, token), 'verify'],
    queryFn: ({ signal }) => api.call(linkVerifyRoutesFor[type], { body: { id, token }, signal }),
    retry: false,
    enabled: id > 0 && token !== '',
  });

/** The files sent through this link, and only those. */
export const useLinkFiles = (type: OwnerType, id: number, token: string, enabled: boolean) =>
  useQuery({
    queryKey: [...uploadKeys.link(type, id, token), 'files'],
    queryFn: ({ signal }) =>
      api.call(linkFileRoutesFor[type].list, { params: { id }, query: { token }, signal }),
    enabled,
  });

export function useDeleteLinkFile(type: OwnerType, requestId: number, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.call(linkFileRoutesFor[type].remove, { params: { id }, query: { token } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: uploadKeys.link(type, requestId, token) }),
  });
}
