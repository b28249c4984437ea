import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return api.call(authRoutes.passwordReset, {
    body: { email: email.trim(), host: window.location.origin },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
