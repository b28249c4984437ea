import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export function verifyEmail(token: string) {
  return api.call(authRoutes.verifyEmail, { body: { token } });
}

// A query rather than a mutation: opening the link verifies once, even when React mounts twice.
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
