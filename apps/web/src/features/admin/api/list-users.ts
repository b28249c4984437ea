import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUserRoutes, type UserStatus } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface UserListQuery {
  search?: string | undefined;
  page: number;
  page_size: number;
}

/** Active or Inactive users (GET /users-{status}). */
export function useAdminUsers(status: UserStatus, query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(status, query),
    queryFn: ({ signal }) =>
      api.call(adminUserRoutes.listByStatus, { params: { status }, query, signal }),
    placeholderData: keepPreviousData,
  });
}
