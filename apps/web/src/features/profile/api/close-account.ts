import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export function closeAccount(email: string) {
  return api.call(profileRoutes.closeAccount, { body: { email, active: false } });
}

/** Closes the account, then signs out locally (the server has ended its sessions). */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      clearSession('logout');
      queryClient.clear();
    },
  });
}
