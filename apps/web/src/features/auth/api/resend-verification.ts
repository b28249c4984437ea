import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

/** Mails the verification link again to the given e-mail (or the signed-in user). */
export function resendVerification(email?: string) {
  return api.call(authRoutes.resendVerification, { body: email ? { email: email.trim() } : {} });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
