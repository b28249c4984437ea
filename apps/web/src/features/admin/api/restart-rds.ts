import { useMutation } from '@tanstack/react-query';
import { adminRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

/** Restart RDS (GET /restart-rds): recycles the database connections. */
export function useRestartRds() {
  return useMutation({ mutationFn: () => api.call(adminRoutes.restartRds) });
}
