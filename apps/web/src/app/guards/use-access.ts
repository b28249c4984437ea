import type { AppRole } from '@scrutineer/contracts';
import { useSession } from '../../lib/session';
import { useProfile } from '../../features/profile/api/get-profile';

export interface Access {
  role: AppRole | null;
  subscriptionPlan: number;
}

/** Role and plan of the signed-in user: the loaded profile when present, else the session. */
export function useAccess(): Access {
  const session = useSession();
  const { data: profile } = useProfile(session !== null);
  return {
    role: profile?.role ?? session?.role ?? null,
    subscriptionPlan: profile?.subscriptionPlan ?? session?.subscriptionPlan ?? 0,
  };
}
