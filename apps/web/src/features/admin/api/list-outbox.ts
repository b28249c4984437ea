import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Mail the platform sent (GET /admin/mail-outbox). */
export function useOutbox(query: { search?: string | undefined; page: number; page_size: number }) {
  return useQuery({
    queryKey: adminKeys.outbox(query),
    queryFn: ({ signal }) => api.call(adminRoutes.listOutbox, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
