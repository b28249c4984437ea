import { useEffect } from 'react';
import type { Profile } from '@scrutineer/contracts';
import { useNotify } from '../../components/notifications/use-notify';
import { errorMessage } from '../../lib/api-error';
import { clearSession } from '../../lib/session';
import { useProfile } from '../../features/profile/api/get-profile';

/**
 * Loads the signed-in user's profile (again after a reload); a failed load clears the
 * stored session, and the guard then sends the visitor to /session/login.
 */
export function useProfileOrSignOut(): Profile | undefined {
  const notify = useNotify();
  const { data, error } = useProfile();
  useEffect(() => {
    if (!error) return;
    notify.error(errorMessage(error));
    clearSession('profile-failed');
  }, [error, notify]);
  return data;
}
