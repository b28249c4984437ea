import { useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The Admin Dashboard's figures (GET /admin/dashboard). */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => api.call(adminRoutes.dashboard, { signal }),
  });
}
