import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

/** Revokes the refresh token; the local session is cleared whatever the server answers. */
export async function signOut(): Promise<void> {
  const refreshToken = getSession()?.refresh_token;
  try {
    if (refreshToken) await api.call(authRoutes.signOut, { body: { refresh_token: refreshToken } });
  } finally {
    clearSession('logout');
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}
