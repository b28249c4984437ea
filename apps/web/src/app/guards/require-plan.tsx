import { Navigate, Outlet } from 'react-router';
import { DENIED_STATE } from '../../lib/denied-state';
import { useAccess } from './use-access';

/** The elections area and the audit jobs list: role User needs a subscription plan. */
export function RequirePlan() {
  const { role, subscriptionPlan, settled } = useAccess();
  if (role === 'User' && subscriptionPlan === 0) {
    // The session's plan dates from sign-in; a plan bought since shows in the profile.
    if (!settled) return null;
    return <Navigate to="/home" replace state={DENIED_STATE} />;
  }
  return <Outlet />;
}
