import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Every recorded payment (GET /donation-list), searched on the server. */
export function useFundraising(search: string) {
  const query = search.trim() ? { search: search.trim() } : {};
  return useQuery({
    queryKey: [...adminKeys.all, 'fundraising', query],
    queryFn: ({ signal }) => api.call(paymentRoutes.fundraising, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
