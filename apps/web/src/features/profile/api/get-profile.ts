import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

export function getProfile(signal?: AbortSignal) {
  return api.call(profileRoutes.getProfile, { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's profile; pass `enabled: false` while nobody is signed in. */
export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
