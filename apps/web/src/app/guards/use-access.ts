import type { AppRole } from '@scrutineer/contracts';
import { useSession } from '../../lib/session';
import { useProfile } from '../../features/profile/api/get-profile';

export interface Access {
  role: AppRole | null;
  subscriptionPlan: number;
  /** False while the profile is loading and only the session's copy (from sign-in) is known. */
  settled: boolean;
}

/** Role and plan of the signed-in user: the loaded profile when present, else the session. */
export function useAccess(): Access {
  const session = useSession();
  const { data: profile, isPending } = useProfile(session !== null);
  return {
    role: profile?.role ?? session?.role ?? null,
    subscriptionPlan: profile?.subscriptionPlan ?? session?.subscriptionPlan ?? 0,
    settled: session === null || profile !== undefined || !isPending,
  };
}
