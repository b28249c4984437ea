import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { packageRoutes, type ManualSubscriptionBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A user's subscriptions with their payments (GET /user-subscription/{userId}). */
export function useUserSubscriptions(userId: number) {
  return useQuery({
    queryKey: adminKeys.subscriptions(userId),
    queryFn: ({ signal }) => api.call(packageRoutes.ofUser, { params: { userId }, signal }),
  });
}

/** The packages an Admin may give by hand: Active ones only (GET /active-packages). */
export function useAssignablePackages() {
  return useQuery({
    queryKey: [...adminKeys.all, 'active-packages'],
    queryFn: ({ signal }) => api.call(packageRoutes.active, { signal }),
  });
}

/** POST /user-subscription: a manual subscription; the user's plan follows it at once. */
export function useManualSubscription(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ManualSubscriptionBody, 'user_id'>) =>
      api.call(packageRoutes.manual, { body: { ...body, user_id: userId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.subscriptions(userId) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}
