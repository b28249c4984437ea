import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditJobRoutes, type RouteQuery } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type AuditDonationQuery = Partial<RouteQuery<typeof auditJobRoutes.list>>;

/** The audit donations table: every job with its donation figures (GET /audit-jobs as Admin). */
export function useAuditDonations(query: AuditDonationQuery) {
  return useQuery({
    queryKey: [...adminKeys.jobs(), 'donations', query],
    queryFn: ({ signal }) => api.call(auditJobRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface AuditDonationUpdate {
  id: number;
  request_donate: number;
  /** The amount added to what the job has received. */
  received_donation: number;
}

/** Update Audit Data: PUT /audit-jobs/{id} with the request and the amount received. */
export function useUpdateAuditDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditDonationUpdate) =>
      api.call(auditJobRoutes.update, { params: { id: body.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}
