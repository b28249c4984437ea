import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export function closeAccount(email: string) {
  return api.call(profileRoutes.closeAccount, { body: { email, active: false } });
}

/**
 * Closes the account. `onClosed` runs before the local sign-out, while the page is still
 * mounted (the guard leaves it as soon as the session is gone).
 */
export function useCloseAccount(onClosed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      onClosed();
      clearSession('logout');
      queryClient.clear();
    },
  });
}
