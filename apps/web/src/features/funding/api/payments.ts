import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditJobRoutes,
  packageRoutes,
  paymentRoutes,
  type AuditPaymentBody,
  type PackagePaymentBody,
  type PaymentSession,
  type ProjectPaymentBody,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fundingKeys } from './funding-keys';

/** Sends the browser to the provider's hosted checkout for the session. */
export function goToCheckout(session: PaymentSession) {
  window.location.assign(session.url);
}

export function useStartProjectCheckout() {
  return useMutation({
    mutationFn: (body: ProjectPaymentBody) =>
      api.call(paymentRoutes.projectSession, { body: { ...body, host: window.location.origin } }),
    onSuccess: goToCheckout,
  });
}

export function useStartAuditCheckout() {
  return useMutation({
    mutationFn: (body: AuditPaymentBody) =>
      api.call(paymentRoutes.auditSession, { body: { ...body, host: window.location.origin } }),
    onSuccess: goToCheckout,
  });
}

export function useStartPackageCheckout() {
  return useMutation({
    mutationFn: (body: PackagePaymentBody) =>
      api.call(packageRoutes.payment, { body: { ...body, host: window.location.origin } }),
    onSuccess: goToCheckout,
  });
}

export type OutcomeKind = 'project' | 'audit' | 'package';

const confirmRoutes = {
  project: paymentRoutes.projectSuccess,
  audit: paymentRoutes.auditSuccess,
  package: packageRoutes.paymentSuccess,
} as const;

/** Records the payment the provider returned with; the server counts it once however often. */
export function useConfirmPayment(kind: OutcomeKind, sessionId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...fundingKeys.all, 'confirm', kind, sessionId],
    queryFn: async ({ signal }) => {
      const outcome = await api.call(confirmRoutes[kind], {
        params: { id: sessionId ?? '' },
        signal,
      });
      // Totals, plans and the session's profile all moved.
      void queryClient.invalidateQueries();
      return outcome;
    },
    enabled: sessionId !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export function useOpenJobs() {
  return useQuery({
    queryKey: fundingKeys.openJobs(),
    queryFn: ({ signal }) => api.call(auditJobRoutes.publicList, { signal }),
  });
}

/** One open audit job as the public pages show it (GET /get-singleaudit/{id}). */
export function useOpenJob(id: number) {
  return useQuery({
    queryKey: [...fundingKeys.openJobs(), id],
    queryFn: ({ signal }) => api.call(auditJobRoutes.publicGet, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
