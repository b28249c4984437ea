import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberFileRoutesFor } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { FRESH, uploadKeys, type OwnerType } from './upload-keys';

/** Direct uploads of an election or a district (File Upload tab). */
export function directUploadsQuery(type: OwnerType, id: number) {
  return queryOptions({
    queryKey: uploadKeys.direct(type, id),
    staleTime: FRESH,
    queryFn: ({ signal }) => api.call(memberFileRoutesFor[type].list, { params: { id }, signal }),
  });
}

/** Files sent through upload links (Requested Uploads card). */
export function requestedUploadsQuery(type: OwnerType, id: number) {
  return queryOptions({
    queryKey: uploadKeys.requested(type, id),
    staleTime: FRESH,
    queryFn: ({ signal }) =>
      api.call(memberFileRoutesFor[type].requested, { params: { id }, signal }),
  });
}

export const useDirectUploads = (type: OwnerType, id: number) =>
  useQuery(directUploadsQuery(type, id));
export const useRequestedUploads = (type: OwnerType, id: number) =>
  useQuery(requestedUploadsQuery(type, id));
